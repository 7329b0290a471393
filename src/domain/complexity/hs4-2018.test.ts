import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { computeComplexity, type ComplexityResult } from "./compute";
import { pearson } from "./stats";
import { dataDir } from "./test-support/fixture";
import { hasNaN } from "./test-support/random";

const tradeFile = join(dataDir, "trade_country_hs4_2018.csv.gz");
const indicatorsFile = join(dataDir, "indicators_country_year.csv");
const available = existsSync(tradeFile) && existsSync(indicatorsFile);
if (!available) console.warn(`Skipping the HS4 2018 sanity check: data package not found at ${dataDir}`);

function readCsv(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split("\n");
  const names = header.split(",");
  return lines.map((line) => {
    const cells = line.split(",");
    return Object.fromEntries(names.map((name, i) => [name, cells[i]]));
  });
}

/**
 * The pipeline with its default (published) filters on real 2018 country x HS4 exports, with
 * 2018 World Bank population: a sanity check that the ranking looks like the published ones,
 * not a golden comparison.
 */
describe.skipIf(!available)("HS4 2018 with the default filters", () => {
  let eigen: ComplexityResult;
  let reflections: ComplexityResult;

  beforeAll(() => {
    const rows = readCsv(gunzipSync(readFileSync(tradeFile)).toString("utf8"));
    const countries = [...new Set(rows.map((r) => r.reporter))].sort();
    const products = [...new Set(rows.map((r) => r.hs4))].sort();
    const ci = new Map(countries.map((id, i) => [id, i]));
    const pi = new Map(products.map((id, i) => [id, i]));
    const values = new Float64Array(countries.length * products.length);
    for (const r of rows) values[ci.get(r.reporter)! * products.length + pi.get(r.hs4)!] += Number(r.export_value) || 0;
    const population = new Map<string, number>();
    for (const r of readCsv(readFileSync(indicatorsFile, "utf8"))) {
      if (r.year === "2018" && r.population) population.set(r.iso3, Number(r.population));
    }
    eigen = computeComplexity({ countries, products, values, population });
    reflections = computeComplexity({ countries, products, values, population }, { method: "reflections" });
  });

  it("applies every filter and reports it", () => {
    const reasons = new Set(eigen.excluded.map((e) => `${e.kind}:${e.reason}`));
    expect(reasons).toEqual(new Set(["country:population", "country:country-exports", "product:product-trade"]));
    expect(eigen.countries.length).toBeGreaterThan(100);
    expect(eigen.products.length).toBeGreaterThan(1000);
  });

  it("produces no NaN", () => {
    expect(hasNaN(eigen.eci, eigen.pci, eigen.relatedness, eigen.opportunityGain, eigen.coi, eigen.proximity)).toBe(false);
  });

  it("ranks the usual leaders at the top", () => {
    const top10 = eigen.countries.filter((_, i) => eigen.eciRank[i] <= 10);
    for (const leader of ["jpn", "deu", "che", "kor"]) expect(top10).toContain(leader);
    const eci = (id: string) => eigen.eci[eigen.countries.indexOf(id)];
    expect(eci("deu")).toBeGreaterThan(eci("chl"));
    expect(eci("chl")).toBeGreaterThan(eci("tcd"));
  });

  it("eigenvector and reflections agree (correlation >= 0.99)", () => {
    expect(reflections.countries).toEqual(eigen.countries);
    expect(pearson(eigen.eci, reflections.eci)).toBeGreaterThanOrEqual(0.99);
    expect(pearson(eigen.pci, reflections.pci)).toBeGreaterThanOrEqual(0.99);
  });
});
