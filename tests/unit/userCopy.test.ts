/**
 * No internal words in what visitors read (issue 39): "warehouse" (and its Spanish and Chinese
 * renderings) and raw dataset ids stay out of user-facing messages; the API documentation and the
 * query builder, where "warehouse" is the technical term, are allowed. Every catalogued dataset has
 * a title, and every licence line a translation, in the three languages.
 */
import { describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import zh from "../../messages/zh.json";
import { datasetLabel, LICENCE_KEYS } from "@/features/dataAvailability/licences";
import { CUBES } from "@/server/warehouse/registry";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [[path, value] as [string, string]] : leaves(value, path);
  });
}

/** Technical pages where the word names the thing itself. */
const TECHNICAL = /^(apiDocs|queryBuilder|dataStatus)\./;

const WAREHOUSE: Record<string, RegExp> = {
  en: /\bwarehouse/i,
  es: /\balmac[eé]n(es)?\b(?! ?amiento)/i,
  zh: /仓库/,
};

const datasets = [...new Set(CUBES.flatMap((c) => (c.catalog ? [c.catalog.dataset, ...(c.catalog.derivedDatasets ?? []).map((d) => d.dataset)] : [])))];

describe.each([
  ["en", en],
  ["es", es],
  ["zh", zh],
] as const)("user copy in %s", (locale, messages) => {
  const all = leaves(messages as unknown as Tree);

  it("never says warehouse outside the API documentation", () => {
    const found = all.filter(([key, text]) => !TECHNICAL.test(key) && WAREHOUSE[locale].test(text)).map(([key]) => key);
    expect(found).toEqual([]);
  });

  it("never shows a raw dataset id", () => {
    const ids = datasets.filter((d) => d.includes("_"));
    expect(ids).toContain("aus_states_services");
    const found = all.filter(([key, text]) => !TECHNICAL.test(key) && ids.some((id) => new RegExp(`\\b${id}\\b`).test(text))).map(([key]) => key);
    expect(found).toEqual([]);
  });

  it("titles every catalogued dataset", () => {
    const titles = (messages as unknown as { dataAvailability: { datasets: Record<string, string> } }).dataAvailability.datasets;
    for (const dataset of [...datasets, "baci_hs12", "complexity_hs92_hs4"]) {
      const { key } = datasetLabel(dataset);
      expect(titles[key], dataset).toBeTruthy();
    }
  });

  it("translates every licence line of the registry", () => {
    const licences = (messages as unknown as { dataAvailability: { licences: Record<string, string> } }).dataAvailability.licences;
    for (const cube of CUBES) {
      const line = cube.annotations.licence;
      if (!line) continue;
      expect(LICENCE_KEYS[line], `${cube.name}: ${line}`).toBeTruthy();
      expect(licences[LICENCE_KEYS[line]], line).toBeTruthy();
    }
  });
});
