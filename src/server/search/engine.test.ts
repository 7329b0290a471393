import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { COUNTRY_ALIASES } from "./aliases";
import { ProfileIndex, type Entity, type Labels } from "./engine";
import { testEntity } from "./test-support";

const e = testEntity;

const entities: Entity[] = [
  e("country", "chl", "Chile", "Chile", "智利", 70, ["cl"]),
  e("country", "deu", "Germany", "Alemania", "德国", 1500, ["de"]),
  e("country", "fra", "France", "Francia", "法国", 600, ["fr"]),
  e("country", "chn", "China", "China", "中国", 2500, ["cn"]),
  e("country", "per", "Peru", "Perú", "秘鲁", 50, ["pe"]),
  e("country", "zaf", "South Africa", "Sudáfrica", "南非", 90, ["za"]),
  e("continent", "af", "Africa", "África", "非洲", 500),
  e("hs4", "2603", "Copper Ore", "Minerales de cobre", "铜矿砂及其精矿", 80),
  e("hs4", "8703", "Cars", "Automóviles", "小汽车", 900),
  e("hs4", "4001", "Rubber", "Caucho natural, balata, gutapercha, guayule, chicle", "天然橡胶", 300),
  e("section", "5", "Mineral Products", "Productos minerales", "矿产品", 2000),
  e("world", "wld", "World", "Mundo", "世界", 20000),
];
const index = new ProfileIndex({
  entities,
  partners: new Map([
    ["deu", [{ id: "fra", weight: 100 }, { id: "chn", weight: 90 }]],
    ["fra", [{ id: "deu", weight: 80 }]],
    ["chl", [{ id: "chn", weight: 30 }]],
  ]),
  productCountries: new Map([
    ["hs4:2603", [{ id: "chl", weight: 19 }, { id: "per", weight: 10 }]],
    ["hs4:8703", [{ id: "deu", weight: 167 }]],
    ["section:5", [{ id: "chl", weight: 40 }]],
  ]),
});
const labels: Labels = {
  reports: { country: "Country", "bilateral-country": "Bilateral Country", "bilateral-product": "Product in Country", hs: "Product" },
  dimensions: { geography: "Geography", reporter: "Reporter", partner: "Partner", product: "Product", country: "Country" },
  variants: { "3": "Country", "4": "Partner", "9": "HS4", "7": "Section" },
};
const search = (query: string, extra: Partial<Parameters<ProfileIndex["query"]>[0]> = {}) =>
  index.query({ query, locale: "en", limit: 10, offset: 0, reports: [], variants: [], ...extra }, labels);

describe("ProfileIndex", () => {
  it("counts every profile, pairs included", () => {
    expect(index.profileCount).toBe(entities.length + 4 + 4);
    expect(index.counts().get("bilateral-country|3,4")).toBe(4);
  });

  it("ranks an exact name first and is typo and accent tolerant", () => {
    expect(search("chile").results[0].path).toBe("/country/chl");
    expect(search("chille").results[0].path).toBe("/country/chl");
    expect(search("peru").results[0].path).toBe("/country/per");
    expect(search("PERÚ").results[0].path).toBe("/country/per");
    expect(search("South Africa").results[0].path).toBe("/country/zaf");
  });

  it("puts a matching name's own profiles above products matched by one weak token", () => {
    // "chile" is one letter from "chicle" (in Rubber's Spanish name): Chile and Chile's profiles come first.
    const paths = search("chile").results.map((r) => r.path);
    expect(paths.slice(0, 2)).toEqual(["/country/chl", "/bilateral-country/chl/partner/chn"]);
    expect(paths).toContain("/hs/4001");
    expect(paths.indexOf("/hs/4001")).toBeGreaterThan(paths.indexOf("/bilateral-product/section-5/reporter/chl"));
  });

  it("finds by code: ISO3, ISO2 and HS", () => {
    expect(search("DEU").results[0].path).toBe("/country/deu");
    expect(search("2603").results[0].path).toBe("/hs/2603");
  });

  it("works in Chinese", () => {
    expect(search("中国").results[0].path).toBe("/country/chn");
    expect(search("铜矿", { locale: "zh" }).results[0].members[0].name).toBe("铜矿砂及其精矿");
  });

  it("finds bilateral profiles from two names", () => {
    expect(search("germany france").results[0].path).toBe("/bilateral-country/deu/partner/fra");
    expect(search("chile copper").results[0].path).toBe("/bilateral-product/2603/reporter/chl");
    expect(search("copper ore chile").results[0].path).toBe("/bilateral-product/2603/reporter/chl");
  });

  it("brings a country's bilateral profiles after the country, and filters narrow them with counts", () => {
    const all = search("germany");
    expect(all.results[0].path).toBe("/country/deu");
    expect(all.meta.variantCount).toEqual({ "3": 1, "3,4": 2, "9,3": 1 });
    expect(all.meta.total).toBe(4);
    const bilateral = search("germany", { reports: [4] });
    expect(bilateral.meta.total).toBe(2);
    expect(bilateral.results.map((r) => r.path)).toEqual(["/bilateral-country/deu/partner/fra", "/bilateral-country/deu/partner/chn"]);
    expect(search("germany", { reports: [5], variants: [9, 3] }).results[0].path).toBe("/bilateral-product/8703/reporter/deu");
  });

  it("describes members with dimension and variant, localised", () => {
    const [pair] = search("alemania francia", { locale: "es" }).results;
    expect(pair.report).toEqual({ id: 4, name: "Bilateral Country" });
    expect(pair.members.map((m) => [m.name, m.metadata.variant.id, m.metadata.dimension.name])).toEqual([
      ["Alemania", 3, "Reporter"],
      ["Francia", 4, "Partner"],
    ]);
  });

  it("returns nothing for nonsense, and pages an empty query", () => {
    expect(search("qqqqzzzz").meta.total).toBe(0);
    const first = search("", { limit: 3 });
    const second = search("", { limit: 3, offset: 3 });
    expect(first.meta.total).toBe(index.profileCount);
    expect(first.results[0].path).toBe("/country/chn");
    expect(second.results.map((r) => r.id)).not.toContain(first.results[0].id);
    const countries = search("", { reports: [1], variants: [3], limit: 100 });
    expect(countries.meta.total).toBe(6);
  });
});

it("counts distinct members per dimension variant for the metadata", () => {
  expect(index.distinctMembers("bilateral-country").map((m) => Object.fromEntries(m))).toEqual([{ 3: 3 }, { 4: 3 }]);
  expect(index.distinctMembers("country").map((m) => Object.fromEntries(m))).toEqual([{ 3: 6, 2: 1 }]);
});

describe("other names, swapped letters and apostrophes", () => {
  const withAliases = (id: string, en: string, es: string, zh: string, weight: number, iso2: string): Entity => ({
    ...e("country", id, en, es, zh, weight, [iso2]),
    ...(COUNTRY_ALIASES[id] ? { aliases: [...COUNTRY_ALIASES[id]] } : {}),
  });
  const countries = [
    withAliases("civ", "Ivory Coast", "Costa de Marfil", "科特迪瓦", 30, "ci"),
    withAliases("cze", "Czechia", "Chequia", "捷克", 200, "cz"),
    withAliases("tur", "Türkiye", "Turquía", "土耳其", 250, "tr"),
    withAliases("nld", "Netherlands", "Países Bajos", "荷兰", 700, "nl"),
    withAliases("usa", "United States", "Estados Unidos", "美国", 1700, "us"),
    withAliases("gbr", "United Kingdom", "Reino Unido", "英国", 500, "gb"),
    withAliases("chl", "Chile", "Chile", "智利", 70, "cl"),
    withAliases("gnb", "Guinea-Bissau", "Guinea-Bisáu", "几内亚比绍", 1, "gw"),
    e("continent", "na", "North America", "América del Norte", "北美洲", 2500),
  ];
  const idx = new ProfileIndex({ entities: countries, partners: new Map(), productCountries: new Map() });
  const first = (query: string, locale: "en" | "es" | "zh" = "en") => idx.query({ query, locale, limit: 5, offset: 0, reports: [], variants: [] }, labels).results[0]?.path;

  it("finds countries by official, common and former names in three languages", () => {
    const cases: [string, string, ("en" | "es" | "zh")?][] = [
      ["cote d'ivoire", "/country/civ"],
      ["Côte d’Ivoire", "/country/civ"],
      ["cote divoire", "/country/civ"],
      ["ivory coast", "/country/civ"],
      ["象牙海岸", "/country/civ", "zh"],
      ["czech republic", "/country/cze"],
      ["república checa", "/country/cze", "es"],
      ["turkey", "/country/tur"],
      ["turquia", "/country/tur", "es"],
      ["holland", "/country/nld"],
      ["holanda", "/country/nld", "es"],
      ["usa", "/country/usa"],
      ["US", "/country/usa"],
      ["U.S.A.", "/country/usa"],
      ["america", "/country/usa"],
      ["EE. UU.", "/country/usa", "es"],
      ["美利坚合众国", "/country/usa", "zh"],
      ["uk", "/country/gbr"],
      ["britain", "/country/gbr"],
      ["gran bretaña", "/country/gbr", "es"],
    ];
    for (const [query, path, locale] of cases) expect(first(query, locale), query).toBe(path);
  });

  it("counts two swapped letters as one typo, and ignores hyphens", () => {
    expect(first("chlie")).toBe("/country/chl");
    expect(first("hcile")).toBe("/country/chl");
    expect(first("turkye")).toBe("/country/tur");
    expect(first("guinea bissau")).toBe("/country/gnb");
    expect(first("guinea-bissau")).toBe("/country/gnb");
    // Still nothing for a word that is not a name.
    expect(idx.query({ query: "zzqx", locale: "en", limit: 5, offset: 0, reports: [], variants: [] }, labels).results).toHaveLength(0);
  });

  it("gives every alias a country the package knows", () => {
    const iso3 = readFileSync(join(process.cwd(), "tests/fixtures/tiny-package/countries.csv"), "utf8");
    for (const id of Object.keys(COUNTRY_ALIASES)) expect(/^[a-z]{3}$/.test(id), id).toBe(true);
    expect(iso3).toContain("chl");
  });
});
