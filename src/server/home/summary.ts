/**
 * What the home page shows about the data, asked of the catalogue and the warehouse (never
 * written by hand): the years and depths the data covers, and four featured profiles (the
 * largest exporter, product, trading pair and region of the newest year) with one figure each.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { isResidualProduct } from "@/domain/profiles/residualProduct";
import { dataCatalog, tradeYears, type YearSource } from "@/server/catalog/catalog";
import { isWarehouseError, queryCube, type DataQuery, type DataRecord } from "@/server/warehouse/client";

export interface Coverage {
  /** Bilateral trade by section: first and last year, and reporters in the last. */
  sections: { from: number; to: number; reporters: number } | null;
  /** Years with product detail (HS4 or finer) of exports. */
  productYears: number[];
  /** Years with six-digit (HS6) detail; empty without a BACI import. */
  hs6Years: number[];
  /** Years ranked by economic complexity (any set). */
  complexityYears: number[];
}

export interface Featured {
  kind: "country" | "product" | "bilateral" | "region";
  /** Profile path without the locale ("/profile/country/chn"). */
  path: string;
  name: string;
  /** Images (member-image kind and id): two for a pair. */
  images: { kind: string; id: string }[];
  value: number;
  year: number;
}

export interface HomeSummary {
  coverage: Coverage;
  featured: Featured[];
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);

async function top(query: DataQuery, locale: Locale): Promise<DataRecord | null> {
  try {
    // A few rows, so a product headline can pass over unclassified trade (HS 9999) to the first real product.
    const res = await queryCube({ ...query, sort: [{ key: "Trade Value", direction: "desc" }], limit: 5 }, locale);
    return res.data.find((r) => !isResidualProduct("hs4", r["HS4 ID"] === undefined ? null : String(r["HS4 ID"]))) ?? null;
  } catch (error) {
    if (isWarehouseError(error)) return null;
    throw error;
  }
}

const yearCut = (s: YearSource) => ({ kind: "list" as const, years: [s.year] });

export async function homeSummary(locale: Locale): Promise<HomeSummary> {
  const [catalog, sections, products, hs6] = await Promise.all([
    dataCatalog(),
    tradeYears({ depth: "section", bilateral: true }),
    tradeYears({ depth: "hs4", flow: "export" }),
    tradeYears({ depth: "hs6", flow: "export" }),
  ]);
  const lastSections = sections.at(-1) ?? null;
  const reporters = lastSections ? (catalog.entries.find((e) => e.dataset === lastSections.dataset && e.year === lastSections.year)?.reporters ?? 0) : 0;
  const complexityYears = [...new Set(catalog.entries.filter((e) => e.kind === "complexity" && !e.partial).map((e) => e.year))].sort((a, b) => a - b);
  const coverage: Coverage = {
    sections: lastSections ? { from: sections[0].year, to: lastSections.year, reporters } : null,
    productYears: products.map((p) => p.year),
    hs6Years: hs6.map((p) => p.year),
    complexityYears,
  };

  const lastProducts = products.at(-1) ?? null;
  const region = catalog.entries.filter((e) => e.kind === "subnational" && e.dataset === "esp_provinces").sort((a, b) => a.year - b.year).at(-1) ?? null;
  const [country, pair, product, province] = await Promise.all([
    lastSections ? top({ cube: lastSections.cube, drilldowns: ["Exporter Country"], time: yearCut(lastSections) }, locale) : null,
    lastSections ? top({ cube: lastSections.cube, drilldowns: ["Exporter Country", "Importer Country"], time: yearCut(lastSections) }, locale) : null,
    lastProducts
      ? top(
          lastProducts.bilateral
            ? { cube: lastProducts.cube, drilldowns: ["HS4"], time: yearCut(lastProducts) }
            : { cube: lastProducts.cube, drilldowns: ["HS4"], cuts: [{ level: "Trade Flow", ids: [2] }], time: yearCut(lastProducts) },
          locale,
        )
      : null,
    region ? top({ cube: region.cube, drilldowns: ["Province"], time: { kind: "list", years: [region.year] } }, locale) : null,
  ]);

  const featured: Featured[] = [];
  if (country && lastSections) {
    const id = String(country["Exporter Country ID"]);
    featured.push({ kind: "country", path: `/profile/country/${id}`, name: String(country["Exporter Country"]), images: [{ kind: "country", id }], value: num(country["Trade Value"]), year: lastSections.year });
  }
  if (product && lastProducts) {
    const id = String(product["HS4 ID"]);
    featured.push({ kind: "product", path: `/profile/hs/${id}`, name: String(product.HS4), images: [{ kind: "hs4", id }], value: num(product["Trade Value"]), year: lastProducts.year });
  }
  if (pair && lastSections) {
    const [a, b] = [String(pair["Exporter Country ID"]), String(pair["Importer Country ID"])];
    featured.push({
      kind: "bilateral",
      path: `/profile/bilateral-country/${a}/partner/${b}`,
      name: `${pair["Exporter Country"]} → ${pair["Importer Country"]}`,
      images: [{ kind: "country", id: a }, { kind: "country", id: b }],
      value: num(pair["Trade Value"]),
      year: lastSections.year,
    });
  }
  if (province && region) {
    const id = String(province["Province ID"]);
    featured.push({ kind: "region", path: `/profile/subnational_esp/${id}`, name: String(province.Province), images: [{ kind: "province", id }], value: num(province["Trade Value"]), year: region.year });
  }
  return { coverage, featured };
}
