"use client";
/**
 * The trend explorer's question: reporter, flow, products or partners, depth, period and filters.
 * Applying navigates to the URL of the selection (the server renders the answer), so the address
 * always restores the whole selection. Years offered are those the catalogue holds for the
 * question being composed; a backwards period is refused here with a message.
 */
import { Alert, Button, Card, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState, useTransition, type FormEvent } from "react";
import { defaultPeriod, periodInOneSeries, questionKey, trendSearch, type PeriodYear, type TrendDepth, type TrendParams } from "@/domain/trends/params";

export interface TrendControlsProps {
  locale: string;
  initial: TrendParams;
  /** Years per question, keyed "flow:by:depth" (partners: "flow:partners:section"). */
  years: Record<string, PeriodYear[]>;
  depths: Record<"export" | "import", TrendDepth[]>;
  countries: { id: string; name: string }[];
  continents: { id: string; name: string }[];
  sections: { id: string; name: string }[];
}

export function TrendControls({ locale, initial, years, depths, countries, continents, sections }: TrendControlsProps) {
  const t = useTranslations("trends");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [s, setS] = useState<TrendParams>(initial);
  const available = years[questionKey(s.flow, s.by, s.depth)] ?? [];
  const yearOptions = available.map((y) => ({ value: String(y.year), label: String(y.year) }));
  const reporters = useMemo(
    () => [
      { group: t("form.world"), items: [{ value: "world", label: t("form.world") }] },
      { group: t("form.continents"), items: continents.map((c) => ({ value: c.id, label: c.name })) },
      { group: t("form.countries"), items: countries.map((c) => ({ value: c.id, label: c.name })) },
    ],
    [t, countries, continents],
  );

  /** A change of flow, breakdown or depth keeps the period when the new question has both years, else takes its default. */
  function update(next: Partial<TrendParams>) {
    setS((old) => {
      const merged = { ...old, ...next, page: 1 };
      const flowDepths = depths[merged.flow] ?? [];
      if (merged.by === "products" && flowDepths.length && !flowDepths.includes(merged.depth)) merged.depth = flowDepths.at(-1)!;
      const list = years[questionKey(merged.flow, merged.by, merged.depth)] ?? [];
      const has = (y: number) => list.some((x) => x.year === y);
      if (!has(merged.from) || !has(merged.to) || !periodInOneSeries(list, merged.from, merged.to)) {
        const period = defaultPeriod(list);
        if (period) Object.assign(merged, period);
      }
      return merged;
    });
  }

  const order = s.from >= s.to;
  const noYears = available.length < 2;
  // Two years of two releases (or datasets) are not compared: the server would refuse the period.
  const twoSeries = !order && !noYears && !periodInOneSeries(available, s.from, s.to);
  const apply = () => startTransition(() => router.push(`/${locale}/trend-explorer?${trendSearch(s)}`));

  return (
    <Card withBorder radius="md" padding="md" component="form" data-testid="trend-controls" onSubmit={(e: FormEvent) => {
        e.preventDefault();
        apply();
      }}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <Select
            label={t("form.reporter")}
            data={reporters}
            value={s.reporter}
            onChange={(v) => v && update({ reporter: v })}
            searchable
            allowDeselect={false}
            maxDropdownHeight={320}
            data-testid="trend-reporter"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("form.flow")}
            </Text>
            <SegmentedControl
              fullWidth
              value={s.flow}
              onChange={(v) => update({ flow: v as TrendParams["flow"] })}
              data={[
                { value: "export", label: t("form.export") },
                { value: "import", label: t("form.import") },
              ]}
              data-testid="trend-flow"
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("form.by")}
            </Text>
            <SegmentedControl
              fullWidth
              value={s.by}
              onChange={(v) => update({ by: v as TrendParams["by"] })}
              data={[
                { value: "products", label: t("form.products") },
                { value: "partners", label: t("form.partners") },
              ]}
              data-testid="trend-by"
            />
          </Stack>
          {s.by === "products" && (
            <Select
              label={t("form.depth")}
              data={(depths[s.flow] ?? []).map((d) => ({ value: d, label: t(`depths.${d}`) }))}
              value={s.depth}
              onChange={(v) => v && update({ depth: v as TrendDepth })}
              allowDeselect={false}
              data-testid="trend-depth"
            />
          )}
          <Group grow gap="sm" align="flex-start">
            <Select label={t("form.from")} data={yearOptions} value={String(s.from)} onChange={(v) => v && setS({ ...s, from: Number(v), page: 1 })} allowDeselect={false} data-testid="trend-from" />
            <Select label={t("form.to")} data={yearOptions} value={String(s.to)} onChange={(v) => v && setS({ ...s, to: Number(v), page: 1 })} allowDeselect={false} data-testid="trend-to" />
          </Group>
          <NumberInput
            label={t("form.min")}
            description={t("form.minHint")}
            min={0}
            max={1e15}
            step={1_000_000}
            thousandSeparator=","
            value={s.min}
            onChange={(v) => setS({ ...s, min: typeof v === "number" && v >= 0 ? v : 0, page: 1 })}
            data-testid="trend-min"
          />
          <Select
            label={t("form.section")}
            placeholder={t("form.allSections")}
            data={sections.map((x) => ({ value: x.id, label: `${x.id}. ${x.name}` }))}
            value={s.section ?? null}
            onChange={(v) => setS({ ...s, section: v ?? undefined, page: 1 })}
            clearable
            searchable
            data-testid="trend-section"
          />
        </SimpleGrid>
        {(order || noYears) && (
          <Alert color="red" variant="light" data-testid="trend-form-error">
            {noYears ? t("form.noYears") : t("form.order")}
          </Alert>
        )}
        {twoSeries && (
          <Alert color="yellow" variant="light" data-testid="trend-form-series">
            {t("form.notComparable", { from: String(s.from), to: String(s.to) })}
          </Alert>
        )}
        <Group>
          <Button type="submit" disabled={order || noYears} loading={pending} data-testid="trend-apply">
            {t("form.apply")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
