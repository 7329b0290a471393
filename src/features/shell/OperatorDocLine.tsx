import { Anchor, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { operatorDocPath, type OperatorDoc } from "@/domain/content/operatorDocs";
import type { Locale } from "@/domain/i18n/locales";

/** The topic each doc is linked as ("See how to import {topic}"): message keys under operatorDocs.topics. */
const TOPICS: Partial<Record<OperatorDoc, string>> = {
  subnational: "subnational",
  entities: "entities",
  "bill-of-lading": "billOfLading",
};

/**
 * One discreet line for people who run their own copy of the site: where the operator
 * documentation of loading this kind of data is. Visitor pages carry no CSV layouts or commands.
 */
export async function OperatorDocLine({ locale, doc }: { locale: Locale; doc: OperatorDoc }) {
  const t = await getTranslations({ locale, namespace: "operatorDocs" });
  const topic = TOPICS[doc] ?? "data";
  return (
    <Text size="xs" c="dimmed" data-testid="operator-doc">
      {t("lead")}{" "}
      <Anchor href={operatorDocPath(doc)} size="xs" data-doc={doc}>
        {t("link", { topic: t(`topics.${topic}`) })}
      </Anchor>
    </Text>
  );
}
