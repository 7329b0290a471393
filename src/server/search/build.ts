import "server-only";
import { COUNTRY_ALIASES } from "./aliases";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ORGANIZATIONS } from "@/domain/organizations";
import { LOCALES, type Locale } from "@/domain/i18n/locales";
import { dataCatalog } from "@/server/catalog/catalog";
import { warehouseMeta } from "@/server/warehouse/db";
import { getMembers, listCubes, queryCube, type DataQuery, type Member, type MemberKind as WarehouseKind } from "@/server/warehouse/client";
import type { MemberKind } from "@/domain/explorer/reports";
import { reportBySlug } from "@/domain/explorer/reports";
import { subnationalRegionsForIndex } from "@/server/subnational/indexSources";
import { packageRegionsForIndex } from "@/server/subnationalIndex/packageRegions";
import { ProfileIndex, type Entity, type IndexInput } from "./engine";
import { processValue } from "@/server/processState";

const SECTIONS_CUBE = "trade_i_ots_a_sections";
const HS4_CUBE = "trade_i_ots_a_hs4";
const PAGE = 10_000;

/** Every row of a query, page by page (the API caps a page at 10,000 rows). */
export async function allRows(query: DataQuery, locale: Locale = "en"): Promise<Record<string, string | number | boolean | null>[]> {
  const rows: Record<string, string | number | boolean | null>[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const response = await queryCube({ ...query, limit: PAGE, offset }, locale, { cache: false });
    rows.push(...response.data);
    if (offset + PAGE >= response.page.total) return rows;
  }
}

async function membersInAllLocales(kind: WarehouseKind): Promise<Map<string, { names: Record<Locale, string>; member: Member }>> {
  const out = new Map<string, { names: Record<Locale, string>; member: Member }>();
  for (const locale of LOCALES) {
    for (const member of await getMembers(kind, locale)) {
      const id = String(member.id);
      const entry = out.get(id) ?? { names: { en: "", es: "", zh: "" }, member };
      entry.names[locale] = member.name;
      out.set(id, entry);
    }
  }
  return out;
}

const FLAGS_DIR = join(process.cwd(), "node_modules", "flag-icons", "flags", "4x3");

export function flagFile(iso2: string): string | null {
  if (!/^[a-z]{2}$/.test(iso2)) return null;
  const file = join(FLAGS_DIR, `${iso2}.svg`);
  return existsSync(file) ? file : null;
}

function weights(rows: Record<string, unknown>[], idColumn: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of rows) {
    const value = Number(row["Trade Value"] ?? 0);
    if (value > 0) out.set(String(row[idColumn]), value);
  }
  return out;
}

function pairs(rows: Record<string, unknown>[], a: string, b: string): Map<string, Array<{ id: string; weight: number }>> {
  const out = new Map<string, Array<{ id: string; weight: number }>>();
  for (const row of rows) {
    const value = Number(row["Trade Value"] ?? 0);
    const from = String(row[a]);
    const to = String(row[b]);
    if (!(value > 0) || from === to) continue;
    let list = out.get(from);
    if (!list) out.set(from, (list = []));
    list.push({ id: to, weight: value });
  }
  for (const list of out.values()) list.sort((x, y) => y.weight - x.weight);
  return out;
}

/**
 * Exports of every reporter in the goods datasets the data catalogue lists, summed over their
 * years: a country has a profile when any dataset holds its trade, not only the bilateral section
 * data (the 2019 Atlas year adds Taiwan, South Sudan, Aruba, Curaçao...). The weight only orders
 * search results: the bilateral section data speaks first (its sum over 1962-2018, as ever), and a
 * reporter it lacks weighs its exports in the first other dataset that holds it.
 */
async function reporterWeights(has: (cube: string) => boolean): Promise<Map<string, number>> {
  const shapes = new Map<string, { cube: string; bilateral: boolean }>();
  if (has(SECTIONS_CUBE)) shapes.set(SECTIONS_CUBE, { cube: SECTIONS_CUBE, bilateral: true });
  const entries = (await dataCatalog()).entries
    .filter((e) => e.kind === "goods" && e.scope === "reporters" && e.flows.includes("export") && has(e.cube))
    .sort((a, b) => Number(a.partial) - Number(b.partial) || b.priority - a.priority || b.year - a.year);
  for (const e of entries) if (!shapes.has(e.cube)) shapes.set(e.cube, { cube: e.cube, bilateral: e.bilateral });
  const out = new Map<string, number>();
  for (const shape of shapes.values()) {
    // The reporter's side of exports in the dataset's shape: an exporter x importer cube, or a cube of trade with the world with a flow.
    const level = shape.bilateral ? "Exporter Country" : "Country";
    const cuts = shape.bilateral ? [] : [{ level: "Trade Flow", ids: [2] }];
    const rows = await allRows({ cube: shape.cube, drilldowns: [level], measures: ["Trade Value"], cuts });
    for (const [id, weight] of weights(rows, `${level} ID`)) if (!out.has(id)) out.set(id, weight);
  }
  return out;
}

/**
 * Reads the members and the pairs with trade from the warehouse through the data client and builds
 * the profile index. Only members with data become profiles: a country without trade records, or
 * an HS6 code when no cube has HS6 data, would lead to an empty page.
 */
export async function loadIndexInput(): Promise<IndexInput> {
  const cubes = new Map((await listCubes("en")).map((c) => [c.name, c]));
  const has = (name: string) => Boolean((cubes.get(name) as { available?: boolean } | undefined)?.available);
  const entities: Entity[] = [];

  const countryWeights = await reporterWeights(has);
  const countries = await membersInAllLocales("country");
  // Legacy codes ("rom", countries.csv alias_of "rou") find the country they stand for: its URL,
  // its search entry and its flag; they are never a second profile of it.
  const legacyCodes = new Map<string, string[]>();
  for (const [id, { member }] of countries) {
    const canonical = typeof member.attributes.alias_of === "string" ? member.attributes.alias_of : null;
    if (canonical && canonical !== id) legacyCodes.set(canonical, [...(legacyCodes.get(canonical) ?? []), id]);
  }
  const continentWeights = new Map<string, number>();
  for (const [id, { names, member }] of countries) {
    const weight = countryWeights.get(id);
    if (!weight) continue;
    if (typeof member.attributes.alias_of === "string" && countries.has(member.attributes.alias_of)) continue;
    const iso2 = typeof member.attributes.iso2 === "string" ? member.attributes.iso2.toLowerCase() : null;
    entities.push({
      kind: "country",
      id,
      names,
      ...(COUNTRY_ALIASES[id] ? { aliases: [...COUNTRY_ALIASES[id]] } : {}),
      codes: [id, ...(iso2 ? [iso2] : []), ...(legacyCodes.get(id) ?? [])],
      weight,
      image: iso2 && flagFile(iso2) ? { flag: iso2 } : { color: null },
    });
    const continent = String(member.parentId ?? "xx");
    continentWeights.set(continent, (continentWeights.get(continent) ?? 0) + weight);
  }
  for (const [id, { names, member }] of await membersInAllLocales("continent")) {
    const weight = continentWeights.get(id);
    if (weight && id !== "xx") entities.push({ kind: "continent", id, names, codes: [id], weight, image: { color: member.color } });
  }
  if (entities.length > 0) {
    entities.push({ kind: "world", id: "wld", names: { en: "World", es: "Mundo", zh: "世界" }, codes: ["wld"], weight: [...countryWeights.values()].reduce((a, b) => a + b, 0) });
  }

  const productWeights = new Map<MemberKind, Map<string, number>>();
  if (has(SECTIONS_CUBE)) {
    productWeights.set("section", weights(await allRows({ cube: SECTIONS_CUBE, drilldowns: ["Section"], measures: ["Trade Value"] }), "Section ID"));
  }
  if (has(HS4_CUBE)) {
    for (const level of ["HS2", "HS4"] as const) {
      const rows = await allRows({ cube: HS4_CUBE, drilldowns: [level], measures: ["Trade Value"], cuts: [{ level: "Trade Flow", ids: [2] }] });
      productWeights.set(level.toLowerCase() as MemberKind, weights(rows, `${level} ID`));
    }
  }
  // HS6 products: weighted by the trade of every dataset holding HS6 detail (a BACI import), so
  // an HS6 profile exists exactly when there is HS6 trade to show.
  const hs6Cubes = [...new Set((await dataCatalog()).entries.filter((e) => e.kind === "goods" && e.depth === "hs6" && has(e.cube)).map((e) => e.cube))];
  // Names come from the dataset's own member table where the package's HS92 list lacks a code
  // (BACI HS12 has codes HS92 does not).
  const hs6Named = new Map<string, { names: Record<Locale, string>; section: string }>();
  if (hs6Cubes.length) {
    const hs6Weights = new Map<string, number>();
    for (const cube of hs6Cubes) {
      for (const locale of LOCALES) {
        const rows = await allRows({ cube, drilldowns: ["HS6"], measures: ["Trade Value"], parents: true }, locale);
        if (locale === "en") for (const [id, w] of weights(rows, "HS6 ID")) hs6Weights.set(id, (hs6Weights.get(id) ?? 0) + w);
        for (const row of rows) {
          const id = String(row["HS6 ID"]);
          const entry = hs6Named.get(id) ?? { names: { en: "", es: "", zh: "" }, section: String(row["Section ID"] ?? "") };
          entry.names[locale] ||= String(row.HS6 ?? id);
          hs6Named.set(id, entry);
        }
      }
    }
    productWeights.set("hs6", hs6Weights);
  }
  const sectionColors = new Map<string, string | null>();
  for (const kind of ["section", "hs2", "hs4", "hs6"] as const) {
    const kindWeights = productWeights.get(kind);
    const members = await membersInAllLocales(kind);
    if (kind === "section") for (const [id, { member }] of members) sectionColors.set(id, member.color);
    if (!kindWeights) continue;
    for (const [id, { names, member }] of members) {
      const weight = kindWeights.get(id);
      if (!weight) continue;
      const aliases = [member.attributes.long_name_en, member.attributes.long_name_es].filter((x): x is string => typeof x === "string");
      const section = kind === "section" ? id : String(kind === "hs2" ? member.parentId : member.attributes.section_id);
      const image = { section, color: sectionColors.get(section) ?? null };
      entities.push({ kind, id, names, aliases, codes: [kind === "section" ? `section-${id}` : id], weight, image });
      if (kind === "hs6") hs6Named.delete(id);
    }
    if (kind === "hs6") {
      for (const [id, { names, section }] of hs6Named) {
        const weight = kindWeights.get(id);
        if (weight) entities.push({ kind, id, names, codes: [id], weight, image: { section, color: sectionColors.get(section) ?? null } });
      }
    }
  }
  for (const [id, { names }] of await membersInAllLocales("province")) {
    entities.push({ kind: "province", id, names, codes: [id], weight: 1, image: { flag: "es" } });
  }
  // Generically imported subnational members (docs/subnational.md, server/subnational/indexSources.ts): id "{code}/{level}/{member}".
  // And the levels the package fills with cubes of their own (Australian states, Spanish communities).
  for (const r of [...(await subnationalRegionsForIndex()), ...(await packageRegionsForIndex().catch(() => []))]) {
    if (!reportBySlug(`subnational_${r.country}`)) continue;
    const iso2 = countries.get(r.country)?.member.attributes.iso2;
    const flag = typeof iso2 === "string" && flagFile(iso2.toLowerCase()) ? iso2.toLowerCase() : null;
    entities.push({ kind: "subnational", id: `${r.country}/${r.level}/${r.regionId}`, names: r.names, codes: [r.regionId], weight: Math.max(1, r.weight), image: flag ? { flag } : { color: null } });
  }
  const tradingCountries = new Set(countryWeights.keys());
  for (const org of ORGANIZATIONS) {
    const weight = org.members.reduce((sum, m) => sum + (countryWeights.get(m) ?? 0), 0);
    if (org.members.some((m) => tradingCountries.has(m))) entities.push({ kind: "organization", id: org.id, names: org.names, codes: [org.id], weight });
  }

  const partners = has(SECTIONS_CUBE)
    ? pairs(await allRows({ cube: SECTIONS_CUBE, drilldowns: ["Exporter Country", "Importer Country"], measures: ["Trade Value"] }), "Exporter Country ID", "Importer Country ID")
    : new Map();

  const productCountries = new Map<string, Array<{ id: string; weight: number }>>();
  const addProductPairs = (kind: MemberKind, byProduct: Map<string, Array<{ id: string; weight: number }>>) => {
    for (const [product, list] of byProduct) productCountries.set(`${kind}:${product}`, list);
  };
  if (has(SECTIONS_CUBE)) {
    const rows = await allRows({ cube: SECTIONS_CUBE, drilldowns: ["Section", "Exporter Country"], measures: ["Trade Value"] });
    addProductPairs("section", pairs(rows, "Section ID", "Exporter Country ID"));
  }
  if (has(HS4_CUBE)) {
    for (const level of ["HS2", "HS4"] as const) {
      const rows = await allRows({ cube: HS4_CUBE, drilldowns: [level, "Country"], measures: ["Trade Value"], cuts: [{ level: "Trade Flow", ids: [2] }] });
      addProductPairs(level.toLowerCase() as MemberKind, pairs(rows, `${level} ID`, "Country ID"));
    }
  }
  return { entities, partners, productCountries };
}

interface Built {
  generation: number;
  index: Promise<ProfileIndex>;
}

/**
 * The index being served and the one being built, per process (processState), because Next.js gives
 * instrumentation, pages and route handlers module scopes of their own (each would otherwise build
 * its own index of every profile: a 4 s, 280,000-profile build on the first search after start).
 */
const state = processValue<{ current: Built | null; next: Built | null }>("search/build:profileIndex", () => ({ current: null, next: null }));

function build(generation: number): Built {
  const built: Built = { generation, index: loadIndexInput().then((input) => new ProfileIndex(input)) };
  built.index.catch(() => {
    if (state.current === built) state.current = null;
    if (state.next === built) state.next = null;
  });
  return built;
}

/**
 * The process's profile index. It follows the warehouse: when a re-import swaps the file (a new
 * generation of the shared handle), a new index is built in the background while the old one keeps
 * answering, so search and profile URLs never lag behind the data for long nor stall.
 */
export async function profileIndex(): Promise<ProfileIndex> {
  const generation = (await warehouseMeta())?.generation ?? -1;
  if (!state.current) {
    state.current = build(generation);
    return state.current.index;
  }
  if (state.current.generation !== generation && state.next?.generation !== generation) {
    const pending = build(generation);
    state.next = pending;
    pending.index
      .then(() => {
        if (state.next === pending) {
          state.current = pending;
          state.next = null;
        }
      })
      .catch(() => {});
  }
  return state.current.index;
}

/**
 * The index of the warehouse's current generation, waiting for it while a rebuild is under way:
 * for caches keyed by generation, which must not store the previous generation's members.
 */
export async function profileIndexOfGeneration(): Promise<ProfileIndex> {
  const index = await profileIndex();
  const generation = (await warehouseMeta())?.generation ?? -1;
  return state.next?.generation === generation ? state.next.index : index;
}

export function resetProfileIndex() {
  state.current = null;
  state.next = null;
}
