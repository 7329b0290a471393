import { Table, TableTbody, TableTd, TableTh, TableTr } from "@mantine/core";
import { Container, SimpleGrid, Stack, Text } from "@/features/ui/static";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { entityDef, entityLandingPath, entityProfilePath, type EntityTypeDef } from "@/domain/entities/entities";
import { formatUsd } from "@/domain/format";
import type { Locale } from "@/domain/i18n/locales";
import type { MemberLookup } from "@/domain/profiles/path";
import type { EntityDetail } from "@/server/entities/entities";
import { memberLookup } from "@/server/profiles/lookup";
import { RecordVisit } from "@/features/history/RecordVisit";
import { ProfileHero, type HeroStat } from "@/features/profiles/ProfileHero";
import { TextLink } from "@/features/shell/AppLink";
import { DocSection } from "@/features/shell/DocPage";

async function lookupOrNull(): Promise<MemberLookup | null> {
  try {
    return (await memberLookup()).lookup;
  } catch {
    return null;
  }
}

/** /profile/{slug}/{id} of a loaded record: its fields, with the country, product and manager linked. */
export async function EntityProfile({ locale, def, detail }: { locale: Locale; def: EntityTypeDef; detail: EntityDetail }) {
  const [t, lookup] = await Promise.all([getTranslations({ locale, namespace: "entities" }), lookupOrNull()]);
  const { record } = detail;
  const name = String(record.name);
  const year = typeof record.year === "number" ? record.year : null;
  const base = `/${locale}/profile`;
  const stats: HeroStat[] = def.columns
    .filter((c) => c.kind === "usd" && typeof record[c.name] === "number")
    .map((c) => ({ label: t(`columns.${c.name}`), value: formatUsd(record[c.name] as number, locale, { compact: true }), detail: year ? t("profile.inYear", { year }) : undefined, testId: `entity-${c.name}` }));
  if (year) stats.push({ label: t("columns.year"), value: String(year), testId: "entity-year" });

  const value = (column: string): ReactNode => {
    const raw = record[column];
    if (raw === null || raw === undefined) return <Text c="dimmed">{t("profile.missing")}</Text>;
    const text = String(raw);
    switch (def.columns.find((c) => c.name === column)?.kind) {
      case "iso3": {
        const label = detail.countryName ?? text.toUpperCase();
        const geo = lookup?.geography(text);
        return geo?.kind === "country" ? <TextLink href={`${base}/country/${geo.id}`}>{label}</TextLink> : label;
      }
      case "hs4": {
        const label = detail.productName ? `${detail.productName} (${text})` : text;
        return lookup?.product(text) ? <TextLink href={`${base}/hs/${text}`}>{label}</TextLink> : label;
      }
      case "ref":
        return detail.manager ? <TextLink href={`/${locale}${entityProfilePath(entityDef("manager"), detail.manager.id)}`}>{detail.manager.name}</TextLink> : text;
      case "usd":
        return formatUsd(Number(raw), locale);
      default:
        return text;
    }
  };
  const rows = def.columns.filter((c) => c.name !== "id" && c.name !== "name");

  return (
    <>
      <RecordVisit link={entityProfilePath(def, String(record.id))} title={name} />
      <ProfileHero images={[]} title={name} kind={t(`types.${def.type}.kind`)} stats={stats} />
      <Container size="lg" py="xl">
        <Stack gap="lg">
          <DocSection id="entity-details" title={t("profile.details")} framed testId="entity-details">
            <Table variant="vertical" withTableBorder={false} layout="fixed">
              <TableTbody>
                {rows.map((c) => (
                  <TableTr key={c.name} data-column={c.name}>
                    <TableTh w={240}>{t(`columns.${c.name}`)}</TableTh>
                    <TableTd>{value(c.name)}</TableTd>
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </DocSection>
          {def.type === "manager" && (
            <DocSection id="entity-funds" title={t("profile.funds")} framed testId="entity-funds">
              {detail.funds.length === 0 ? (
                <Text size="sm">{t("profile.noFunds")}</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
                  {detail.funds.map((f) => (
                    <TextLink key={f.id} href={`/${locale}${entityProfilePath(entityDef("fund"), f.id)}`} underline="hover">
                      {f.name}
                    </TextLink>
                  ))}
                </SimpleGrid>
              )}
            </DocSection>
          )}
          <Text size="sm" c="dimmed" data-testid="entity-source">
            {year ? t("profile.source", { file: def.file, year }) : t("profile.sourceNoYear", { file: def.file })}
          </Text>
          <TextLink href={`/${locale}${entityLandingPath(def)}`} size="sm">
            {t("profile.all", { plural: t(`types.${def.type}.plural`) })}
          </TextLink>
        </Stack>
      </Container>
    </>
  );
}
