/**
 * /trend-explorer (PRO). The server decides who sees the tool (server/auth/proAccess.ts). PRO
 * accounts get the question form and the answer for the selection in the URL; everyone else gets
 * the PRO gate and, below it, a real read-only preview: the tool's answer for one fixed example
 * (world exports, the newest comparable years of the catalogue), computed from the data.
 */
import { Alert } from "@mantine/core";
import { Badge, Container, Group, Stack, Text, Title } from "@/features/ui/static";
import { NextIntlClientProvider } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/domain/i18n/locales";
import { parseTrendParams, questionKey, trendSearch, type TrendBy, type TrendDepth, type TrendParams, type PeriodYear } from "@/domain/trends/params";
import { pageMessages } from "@/i18n/clientMessages";
import { loadMessages } from "@/i18n/messages";
import { TextLink } from "@/features/shell/AppLink";
import { ProGate } from "@/features/shell/ProGate";
import { proAccess } from "@/server/auth/proAccess";
import { defaultSelection, isTrendError, previewSelection, questionYears, trendDepths, trendExplorer, trendOptions, type TrendResult } from "@/server/trends/trends";
import { isWarehouseError } from "@/server/catalog/status";
import { TrendControls } from "./TrendControls";
import { TrendResultView } from "./TrendResultView";

type SearchParams = Record<string, string | string[] | undefined>;

/** The depth a question starts at: HS4 when the catalogue has it, else the finest it has. */
function startDepth(depths: readonly TrendDepth[]): TrendDepth {
  return depths.includes("hs4") ? "hs4" : (depths.at(-1) ?? "section");
}

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

type Failure = { code: string; message: string; field?: string; id?: string; year?: number; comparableDepth?: TrendDepth };

async function answer(params: TrendParams, locale: Locale): Promise<{ result: TrendResult } | { failure: Failure }> {
  try {
    return { result: await trendExplorer(params, locale) };
  } catch (error) {
    if (isTrendError(error)) return { failure: { code: error.code, message: error.message, field: error.field, comparableDepth: error.comparableDepth } };
    if (isWarehouseError(error)) return { failure: { code: "warehouse", message: error.message } };
    throw error;
  }
}

async function Preview({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "trends" });
  // World exports over the newest period one series holds, at the depth that holds it.
  const selection = await previewSelection("export");
  if (!selection) return null;
  const depth = selection.depth;
  const parsed = parseTrendParams({ reporter: selection.reporter, from: String(selection.from), to: String(selection.to), depth, flow: "export", by: "products" });
  if (!parsed.ok) return null;
  const got = await answer(parsed.params, locale);
  if (!("result" in got)) return null;
  return (
    <Container size="lg" pb="xl" data-testid="trend-preview">
      <Stack gap="md">
        <Group gap="xs">
          <Title order={2}>{t("preview.title")}</Title>
        </Group>
        <Text c="dimmed">{t("preview.note", { depth: t(`depths.${depth}`), from: String(selection.from), to: String(selection.to) })}</Text>
        <TrendResultView result={got.result} locale={locale} interactive={false} />
      </Stack>
    </Container>
  );
}

export async function TrendExplorerPage({ locale, searchParams }: { locale: Locale; searchParams: SearchParams }) {
  const [t, access] = await Promise.all([getTranslations({ locale, namespace: "trends" }), proAccess()]);
  if (!access.allowed) {
    return (
      <>
        <ProGate
          locale={locale}
          title={t("title")}
          kind={t("kind")}
          holds={[t("holds.question"), t("holds.measures"), t("holds.charts")]}
          returnPath={`/${locale}/trend-explorer`}
          feature="trendExplorer"
          signedIn={access.signedIn}
        />
        <Preview locale={locale} />
      </>
    );
  }

  // The question: what the URL says, the catalogue's defaults for what it leaves out.
  const flow = first(searchParams.flow) === "import" ? "import" : "export";
  const by: TrendBy = first(searchParams.by) === "partners" ? "partners" : "products";
  const [exportDepths, importDepths] = await Promise.all([trendDepths("export"), trendDepths("import")]);
  const flowDepths = flow === "export" ? exportDepths : importDepths;
  const askedDepth = first(searchParams.depth) as TrendDepth | undefined;
  // Without a depth asked, products start where the preview does: the newest period one series holds.
  const preview = by === "products" && !askedDepth ? await previewSelection(flow) : null;
  const depth = askedDepth && flowDepths.includes(askedDepth) ? askedDepth : (preview?.depth ?? startDepth(flowDepths));
  const defaults = await defaultSelection({ by, depth, flow });
  const raw: SearchParams = { flow, by, depth, reporter: defaults?.reporter, from: defaults ? String(defaults.from) : undefined, to: defaults ? String(defaults.to) : undefined };
  for (const [key, value] of Object.entries(searchParams)) if (first(value)?.trim()) raw[key] = first(value);
  let parsed = parseTrendParams(raw);
  let invalid: string | null = null;
  if (!parsed.ok) {
    invalid = parsed.field === "to" && Number(raw.from) >= Number(raw.to) ? t("errors.invalid_period") : t("errors.invalid", { message: parsed.message });
    // The form starts from the defaults; the message says what could not be read.
    parsed = parseTrendParams({ flow, by, depth, reporter: defaults?.reporter, from: defaults ? String(defaults.from) : undefined, to: defaults ? String(defaults.to) : undefined });
  }
  const params = parsed.ok ? parsed.params : null;
  const got = params && !invalid ? await answer(params, locale) : null;

  // Years of every question the form can compose, so it offers only years the data holds.
  const questions: { flow: "export" | "import"; by: TrendBy; depth: TrendDepth }[] = [];
  for (const f of ["export", "import"] as const) {
    for (const d of f === "export" ? exportDepths : importDepths) questions.push({ flow: f, by: "products", depth: d });
    questions.push({ flow: f, by: "partners", depth: "section" });
  }
  const yearLists = await Promise.all(questions.map(async (q) => [questionKey(q.flow, q.by, q.depth), (await questionYears(q)).map((y) => ({ year: y.year, dataset: y.dataset, vintage: y.vintage }))] as [string, PeriodYear[]]));
  const options = await trendOptions({ by, depth, flow }, locale);
  const messages = await loadMessages(locale);
  const years = Object.fromEntries(yearLists);
  const knownYears = (years[questionKey(flow, by, depth)] ?? []).map((y) => y.year).join(", ");

  const failureText = (f: Failure) => {
    switch (f.code) {
      case "unknown_reporter":
        return t("errors.unknown_reporter", { id: params?.reporter ?? "" });
      case "unknown_section":
        return t("errors.unknown_section", { id: params?.section ?? "" });
      case "year_not_in_data":
        return t("errors.year_not_in_data", { year: String(f.field === "from" ? params?.from : params?.to), years: knownYears });
      case "invalid_period":
        return t("errors.invalid_period");
      case "no_data":
        return t("errors.no_data");
      case "not_comparable":
        return t("errors.not_comparable", { from: String(params?.from ?? ""), to: String(params?.to ?? "") });
      default:
        return f.message;
    }
  };

  return (
    <Container size="lg" py={{ base: 24, sm: 40 }} data-testid="trend-explorer">
      <Stack gap="lg">
        <Stack gap={6}>
          <Group gap="xs">
            <Badge variant="light">{t("kind")}</Badge>
            <Badge color="teal" variant="filled" radius="sm" data-badge="PRO">
              PRO
            </Badge>
          </Group>
          <Title order={1} data-testid="trend-title">
            {t("title")}
          </Title>
          <Text size="lg" maw={760}>
            {t("lead")}
          </Text>
        </Stack>
        {params && (
          <NextIntlClientProvider messages={pageMessages(messages, ["trends"])}>
            <TrendControls
              key={JSON.stringify(params)}
              locale={locale}
              initial={params}
              years={years}
              depths={{ export: exportDepths, import: importDepths }}
              countries={options.countries}
              continents={options.continents}
              sections={options.sections}
            />
          </NextIntlClientProvider>
        )}
        {invalid && (
          <Alert color="red" title={t("errors.title")} data-testid="trend-error">
            {invalid}
          </Alert>
        )}
        {!params && (
          <Alert color="gray" data-testid="trend-error">
            {t("errors.no_data")}
          </Alert>
        )}
        {got && "failure" in got && (
          <Alert color="red" title={t("errors.title")} data-testid="trend-error" data-code={got.failure.code}>
            {failureText(got.failure)}
            {got.failure.code === "not_comparable" && got.failure.comparableDepth && params && (
              <>
                {" "}
                <TextLink href={`/${locale}/trend-explorer?${trendSearch({ ...params, depth: got.failure.comparableDepth, page: 1 })}`} data-testid="trend-comparable-depth">
                  {t("errors.notComparableTry", { depth: t(`depths.${got.failure.comparableDepth}`) })}
                </TextLink>
              </>
            )}
          </Alert>
        )}
        {got && "result" in got && <TrendResultView result={got.result} locale={locale} interactive />}
      </Stack>
    </Container>
  );
}
