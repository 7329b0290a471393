/**
 * The games' data, read once per warehouse generation: the catalogue's newest year with HS4
 * exports (BACI when imported, the package otherwise), each solid country's exports by product and
 * main destination, and every solid product's exporters, with names in the three languages.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { LOCALES } from "@/domain/i18n/locales";
import { MIN_COUNTRY_EXPORTS, MIN_PRODUCT_TRADE, type GameCountry, type GameData, type GameProduct, type Names } from "@/domain/games/data";
import { isResidualProduct } from "@/domain/profiles/residualProduct";
import { answerTrade, tradeYears } from "@/server/catalog/catalog";
import { countryLevel, tradeQuery } from "@/server/profiles/sources";
import { allRows } from "@/server/search/build";
import { getMembers, type Member, type MemberKind } from "@/server/warehouse/client";
import { warehouseMeta } from "@/server/warehouse/db";
import { keyedValue } from "@/server/processState";

const TOP_PRODUCTS = 40;
const TOP_EXPORTERS = 12;

async function names(kind: MemberKind): Promise<Map<string, { names: Names; member: Member }>> {
  const out = new Map<string, { names: Names; member: Member }>();
  for (const locale of LOCALES) {
    for (const m of await getMembers(kind, locale)) {
      const id = String(m.id);
      const entry = out.get(id) ?? { names: { en: "", es: "", zh: "" } as Names, member: m };
      entry.names[locale as Locale] = m.name;
      out.set(id, entry);
    }
  }
  return out;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "bigint" ? Number(v) : 0);
/** HS 9999 / XXXX and anything filed under section 99: trade nobody could classify, never a puzzle. */
const unspecified = (hs4: string, section: unknown) => isResidualProduct("hs4", hs4) || hs4.startsWith("99") || String(section ?? "") === "99";

async function load(): Promise<GameData | null> {
  const meta = await warehouseMeta();
  const { chosen: source } = await answerTrade({ depth: "hs4", flow: "export" });
  if (!meta || !source) return null;
  const year = source.year;
  const reporter = countryLevel(source, "export");
  const rows = await allRows(tradeQuery(source, { flow: "export", drilldowns: ["Country", "HS4"], years: [year] }));

  // Main destinations from the bilateral data of that year, or the nearest earlier year.
  const bilateral = (await tradeYears({ depth: "section", bilateral: true })).filter((s) => s.year <= year).at(-1) ?? null;
  const mainPartner = new Map<string, { id: string; value: number }>();
  if (bilateral) {
    const pairs = await allRows({ cube: bilateral.cube, drilldowns: ["Exporter Country", "Importer Country"], measures: ["Trade Value"], time: { kind: "list", years: [bilateral.year] } });
    for (const r of pairs) {
      const from = String(r["Exporter Country ID"]);
      const to = String(r["Importer Country ID"]);
      const value = num(r["Trade Value"]);
      if (from === to) continue;
      const held = mainPartner.get(from);
      if (!held || value > held.value) mainPartner.set(from, { id: to, value });
    }
  }

  const [countries, continents, sections, hs4] = await Promise.all([names("country"), names("continent"), names("section"), names("hs4")]);
  const byCountry = new Map<string, { id: string; value: number }[]>();
  const byProduct = new Map<string, { id: string; value: number }[]>();
  for (const r of rows) {
    const country = String(r[`${reporter} ID`]);
    const product = String(r["HS4 ID"]);
    const value = num(r["Trade Value"]);
    if (value <= 0 || unspecified(product, hs4.get(product)?.member.attributes.section_id)) continue;
    const c = countries.get(country)?.member;
    if (!c || c.attributes.is_aggregate === true || c.attributes.code_status !== "iso") continue;
    (byCountry.get(country) ?? byCountry.set(country, []).get(country)!).push({ id: product, value });
    (byProduct.get(product) ?? byProduct.set(product, []).get(product)!).push({ id: country, value });
  }

  const gameCountries: GameCountry[] = [];
  for (const [id, list] of byCountry) {
    const total = list.reduce((s, p) => s + p.value, 0);
    if (total < MIN_COUNTRY_EXPORTS) continue;
    const entry = countries.get(id)!;
    const a = entry.member.attributes;
    gameCountries.push({
      id,
      iso2: typeof a.iso2 === "string" ? a.iso2.toLowerCase() : null,
      names: entry.names,
      continent: String(entry.member.parentId ?? "xx"),
      lat: typeof a.lat === "number" ? a.lat : null,
      lon: typeof a.lon === "number" ? a.lon : null,
      exports: total,
      topProducts: list.sort((x, y) => y.value - x.value).slice(0, TOP_PRODUCTS),
      mainPartner: mainPartner.get(id)?.id ?? null,
    });
  }
  gameCountries.sort((a, b) => b.exports - a.exports || a.id.localeCompare(b.id));
  const solid = new Set(gameCountries.map((c) => c.id));

  const gameProducts: GameProduct[] = [];
  const productInfo: GameData["productInfo"] = {};
  for (const [id, list] of byProduct) {
    const member = hs4.get(id);
    if (!member) continue;
    productInfo[id] = { section: String(member.member.attributes.section_id ?? ""), names: member.names };
    const world = list.reduce((s, p) => s + p.value, 0);
    if (world < MIN_PRODUCT_TRADE) continue;
    gameProducts.push({
      id,
      section: String(member.member.attributes.section_id ?? ""),
      names: member.names,
      world,
      exporters: list.filter((e) => solid.has(e.id)).sort((x, y) => y.value - x.value).slice(0, TOP_EXPORTERS),
    });
  }
  gameProducts.sort((a, b) => b.world - a.world || a.id.localeCompare(b.id));

  return {
    dataKey: meta.build.fingerprint ?? String(meta.build.built_at ?? meta.generation),
    year,
    source: source.source,
    countries: gameCountries,
    products: gameProducts,
    productInfo,
    continents: [...continents].filter(([id]) => id !== "xx").map(([id, { names: n }]) => ({ id, names: n })),
    sections: [...sections].map(([id, { names: n, member }]) => ({ id, names: n, color: member.color })),
  };
}

/**
 * The games' data for the current warehouse (null without HS4 export data): one load per warehouse
 * generation and process, shared by every Next.js bundle (server/processState.ts); a failed load
 * is tried again on the next call.
 */
export async function gameData(): Promise<GameData | null> {
  const generation = (await warehouseMeta())?.generation ?? -1;
  return keyedValue("games/data:gameData", generation, load);
}
