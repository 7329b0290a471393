import { Alert, Code, Group, List, ListItem, SimpleGrid, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { ENTITY_DEFS, entityLandingPath, entityProfilePath, exampleCsv, type ColumnKind, type EntityTypeDef } from "@/domain/entities/entities";
import type { Locale } from "@/domain/i18n/locales";
import type { EntityLink } from "@/server/entities/entities";
import { TextLink } from "@/features/shell/AppLink";
import { DocPage, DocSection } from "@/features/shell/DocPage";

export const IMPORT_COMMAND = "npm run data:import";

/**
 * /profile/{company|digital-product|fund|manager}: what a profile of the type holds, whether any
 * are loaded (and which), the CSV layout with its validation rules, and how an operator loads it.
 * With an id that is not loaded (and no data of the type at all) it says so at the top.
 */
export async function EntityLanding({ locale, def, count, list, requestedId }: { locale: Locale; def: EntityTypeDef; count: number; list: EntityLink[]; requestedId?: string }) {
  const t = await getTranslations({ locale, namespace: "entities" });
  const type = `types.${def.type}`;
  const plural = t(`${type}.plural`);
  const kinds = [...new Set(def.columns.map((c) => c.kind))] as ColumnKind[];
  const code = (chunks: ReactNode) => <Code>{chunks}</Code>;
  return (
    <DocPage
      title={t(`${type}.title`)}
      lead={t(`${type}.lead`)}
      gap="lg"
      intro={
        <Group gap="md" data-testid="entity-types">
          <Text size="sm" c="dimmed">
            {t("otherTypes")}
          </Text>
          {ENTITY_DEFS.filter((d) => d.type !== def.type).map((d) => (
            <TextLink key={d.type} href={`/${locale}${entityLandingPath(d)}`} size="sm" underline="hover">
              {t(`types.${d.type}.title`)}
            </TextLink>
          ))}
        </Group>
      }
    >
      {count === 0 ? (
        <Alert color="gray" title={requestedId ? t("status.idTitle", { id: requestedId }) : t("status.noneTitle", { plural })} data-testid="entity-not-loaded" data-entity={def.type}>
          <Text size="sm">{t(`${type}.why`)}</Text>
          <Text size="sm" mt="xs">
            {t("status.none", { plural })}
          </Text>
        </Alert>
      ) : (
        <DocSection id="entity-records" title={t("status.loadedTitle", { plural })} framed testId="entity-records">
          <Text size="sm" mb="sm">
            {t("status.loaded", { count, file: def.file })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
            {list.map((e) => (
              <TextLink key={e.id} href={`/${locale}${entityProfilePath(def, e.id)}`} underline="hover">
                {e.name}
              </TextLink>
            ))}
          </SimpleGrid>
          {count > list.length && (
            <Text size="xs" c="dimmed" mt="sm">
              {t("status.shown", { shown: list.length, count })}
            </Text>
          )}
        </DocSection>
      )}

      <DocSection id="entity-layout" title={t("layout.title")} framed>
        <Text size="sm" mb="sm">
          {t.rich("layout.intro", { file: def.file, table: def.table, code })}
        </Text>
        <TableScrollContainer minWidth={560} type="native">
          <Table striped data-testid="entity-layout" data-entity={def.type}>
            <TableThead>
              <TableTr>
                <TableTh>{t("layout.column")}</TableTh>
                <TableTh>{t("layout.type")}</TableTh>
                <TableTh>{t("layout.required")}</TableTh>
                <TableTh>{t("layout.meaning")}</TableTh>
              </TableTr>
            </TableThead>
            <TableTbody>
              {def.columns.map((c) => (
                <TableTr key={c.name}>
                  <TableTd>
                    <Code>{c.name}</Code>
                  </TableTd>
                  <TableTd>{t(`columnKinds.${c.kind}`)}</TableTd>
                  <TableTd>{c.required ? t("layout.yes") : t("layout.no")}</TableTd>
                  <TableTd>{t(`${type}.fields.${c.name}`)}</TableTd>
                </TableTr>
              ))}
            </TableTbody>
          </Table>
        </TableScrollContainer>
        <Title order={3} size="h5" mt="md" mb={4}>
          {t("layout.example")}
        </Title>
        <Code block data-testid="entity-example">
          {exampleCsv(def)}
        </Code>
        <Title order={3} size="h5" mt="md" mb={4}>
          {t("rules.title")}
        </Title>
        <List size="sm" spacing={4} data-testid="entity-rules">
          <ListItem>{t("rules.header")}</ListItem>
          <ListItem>{t("rules.rows")}</ListItem>
          {kinds.map((kind) => (
            <ListItem key={kind}>{t.rich(`rules.kinds.${kind}`, { code })}</ListItem>
          ))}
          <ListItem>{t("rules.unique")}</ListItem>
          <ListItem>{t("rules.allOrNothing")}</ListItem>
        </List>
      </DocSection>

      <DocSection id="entity-load" title={t("load.title")} framed testId="entity-load">
        <List type="ordered" size="sm" spacing={6}>
          <ListItem>{t.rich("load.file", { file: def.file, code })}</ListItem>
          <ListItem>{t.rich("load.run", { command: IMPORT_COMMAND, code })}</ListItem>
          <ListItem>{t("load.check")}</ListItem>
          <ListItem>{t.rich("load.result", { slug: def.slug, code })}</ListItem>
        </List>
        <Text size="xs" c="dimmed" mt="sm">
          {t("load.search")}
        </Text>
      </DocSection>
    </DocPage>
  );
}
