import { describe, expect, it } from "vitest";
import { editDistance, parseQuestion, phraseKey, typoBudget, type EntityDictionary } from "./parse";
import { planQuestion } from "./plan";
import { suggestionsFor } from "./suggest";
import type { ChatContext, ChatEntity } from "./types";

/** A small dictionary in the shape the server builds from the search index. */
const ENTITIES: Array<{ entity: ChatEntity; names: string[]; codes?: string[] }> = [
  { entity: { kind: "country", id: "chl", name: "Chile" }, names: ["Chile", "智利"], codes: ["chl", "cl"] },
  { entity: { kind: "country", id: "per", name: "Peru" }, names: ["Peru", "Perú", "秘鲁"], codes: ["per", "pe"] },
  { entity: { kind: "country", id: "chn", name: "China" }, names: ["China", "中国"], codes: ["chn", "cn"] },
  { entity: { kind: "country", id: "usa", name: "United States" }, names: ["United States", "Estados Unidos", "美国", "USA", "America"], codes: ["usa", "us"] },
  { entity: { kind: "country", id: "can", name: "Canada" }, names: ["Canada", "加拿大"], codes: ["can", "ca"] },
  { entity: { kind: "country", id: "civ", name: "Ivory Coast" }, names: ["Ivory Coast", "Costa de Marfil", "Côte d'Ivoire", "科特迪瓦"], codes: ["civ"] },
  { entity: { kind: "country", id: "bih", name: "Bosnia and Herzegovina" }, names: ["Bosnia and Herzegovina"], codes: ["bih"] },
  { entity: { kind: "organization", id: "mercosur", name: "Mercosur" }, names: ["Mercosur", "南方共同市场"], codes: ["mercosur"] },
  { entity: { kind: "organization", id: "eu", name: "European Union" }, names: ["European Union", "欧盟"], codes: ["eu"] },
  { entity: { kind: "world", id: "wld", name: "World" }, names: ["World", "the world", "世界"] },
  { entity: { kind: "section", id: "5", name: "Mineral Products" }, names: ["Mineral Products", "Productos minerales"], codes: ["section-5"] },
  { entity: { kind: "hs2", id: "74", name: "Copper" }, names: ["Copper", "Cobre", "铜"], codes: ["hs 74"] },
  { entity: { kind: "hs4", id: "2603", name: "Copper Ore" }, names: ["Copper Ore", "Minerales de cobre", "铜矿砂及其精矿"], codes: ["2603"] },
];

function dictionary(): EntityDictionary {
  const phrases = new Map<string, Array<{ entity: ChatEntity; short: boolean }>>();
  const add = (text: string, entity: ChatEntity, short: boolean) => {
    const key = phraseKey(text);
    const list = phrases.get(key) ?? [];
    list.push({ entity, short: short || (!/\p{Script=Han}/u.test(key) && key.length <= 3) });
    phrases.set(key, list);
  };
  for (const { entity, names, codes } of ENTITIES) {
    for (const n of names) add(n, entity, false);
    for (const c of codes ?? []) add(c, entity, !/\d/.test(c));
  }
  return {
    exact: (phrase) => phrases.get(phrase) ?? [],
    fuzzy: (phrase) => {
      const budget = typoBudget(phrase.length);
      if (budget === 0) return null;
      for (const { entity, names } of ENTITIES) if (names.some((n) => editDistance(phraseKey(n), phrase, budget) <= budget)) return entity;
      return null;
    },
  };
}

const dict = dictionary();
const parse = (q: string) => parseQuestion(q, dict);
const ids = (list: ChatEntity[]) => list.map((e) => `${e.kind}:${e.id}`);
const plan = (q: string, previous: ChatContext | null = null) => planQuestion(parse(q), previous);

describe("phrases and typos", () => {
  it("folds names the way questions are read", () => {
    expect(phraseKey("Côte d'Ivoire")).toBe("cote divoire");
    expect(phraseKey("南方共同市场")).toBe("南方共同市场");
    expect(phraseKey("Guinea-Bissau")).toBe("guinea bissau");
  });
  it("counts a transposition as one typo", () => {
    expect(editDistance("chlie", "chile")).toBe(1);
    expect(editDistance("brazl", "brazil")).toBe(1);
    expect(editDistance("pizza", "chile", 2)).toBeGreaterThan(2);
    expect(typoBudget(3)).toBe(0);
  });
});

describe("parseQuestion", () => {
  it("finds places, products, flows and years in English", () => {
    const p = parse("How much copper ore did Chile export to China in 2018?");
    expect(ids(p.places)).toEqual(["country:chl", "country:chn"]);
    expect(ids(p.products)).toEqual(["hs4:2603"]);
    expect(p.flow).toBe("export");
    expect(p.year).toBe(2018);
    expect(p.partner).toBe(true);
    expect(p.tags).toContain("value");
  });
  it("reads ranges and open ranges in the three languages", () => {
    expect(parse("Chile exports between 1995 and 2010").range).toEqual({ from: 1995, to: 2010 });
    expect(parse("Chile exports 1995-2010").range).toEqual({ from: 1995, to: 2010 });
    expect(parse("exportaciones de Chile desde 2000").range).toEqual({ from: 2000, to: null });
    expect(parse("exportaciones de Chile entre 2000 y 2015").range).toEqual({ from: 2000, to: 2015 });
    expect(parse("智利2000年以来的出口").range).toEqual({ from: 2000, to: null });
    expect(parse("1995年到2010年智利出口").range).toEqual({ from: 1995, to: 2010 });
    expect(parse("智利2010年出口多少").year).toBe(2010);
    expect(parse("en 2010 Chile exportó").year).toBe(2010);
  });
  it("finds Chinese names without spaces, and keywords inside a name stay part of it", () => {
    const p = parse("中国对美国出口多少？");
    expect(ids(p.places)).toEqual(["country:chn", "country:usa"]);
    expect(p.partner).toBe(true);
    expect(p.flow).toBe("export");
    const m = parse("南方共同市场出口多少");
    expect(ids(m.places)).toEqual(["organization:mercosur"]);
    // 市场 (market) inside the name does not ask for partners.
    expect(m.tags).not.toContain("topPartners");
    expect(ids(parse("谁出口铜？").products)).toEqual(["hs2:74"]);
  });
  it("reads typos, aliases, accents and apostrophes", () => {
    expect(ids(parse("Who does chlie export to?").places)).toEqual(["country:chl"]);
    expect(ids(parse("cote d'ivoire exports").places)).toEqual(["country:civ"]);
    expect(ids(parse("¿Qué exporta Perú?").places)).toEqual(["country:per"]);
    expect(ids(parse("Chile's exports").places)).toEqual(["country:chl"]);
    expect(ids(parse("Bosnia and Herzegovina exports").places)).toEqual(["country:bih"]);
  });
  it("takes codes and short names only in capitals", () => {
    expect(ids(parse("What does CAN export?").places)).toEqual(["country:can"]);
    expect(ids(parse("what can chile export next").places)).toEqual(["country:chl"]);
    expect(ids(parse("What does the EU export?").places)).toEqual(["organization:eu"]);
    expect(ids(parse("HS 2603 exporters").products)).toEqual(["hs4:2603"]);
  });
  it("tells a partner from a second subject", () => {
    expect(parse("Compare Chile and Peru").partner).toBe(false);
    expect(parse("Chile vs Peru").partner).toBe(false);
    expect(parse("Chile exporta a China").partner).toBe(true);
    expect(parse("比较中国和美国").partner).toBe(false);
  });
  it("does not make a name of a stray word", () => {
    const p = parse("What is the meaning of life?");
    expect(p.places).toEqual([]);
    expect(p.products).toEqual([]);
    expect(p.understood).toBe(false);
  });
});

describe("planQuestion", () => {
  it("settles the intent from the words and the names", () => {
    expect(plan("What does Chile export?").context).toMatchObject({ intent: "topProducts", flow: "export", year: null });
    expect(plan("Who does Chile export to?").context.intent).toBe("topPartners");
    expect(plan("Who exports copper?").context).toMatchObject({ intent: "whoExports", places: [] });
    expect(plan("Compare Chile and Peru").context.intent).toBe("compare");
    expect(plan("How much did Chile export to China?").context.intent).toBe("value");
    expect(plan("Chile's mineral products exports between 2000 and 2018").context).toMatchObject({ intent: "growth", range: { from: 2000, to: 2018 } });
    expect(plan("How have Chile's exports grown since 2000?").context).toMatchObject({ intent: "growth", range: { from: 2000, to: null } });
    expect(plan("Which economies are the most complex?").context).toMatchObject({ intent: "ranking", index: "eci" });
    expect(plan("Which products are the most complex?").context).toMatchObject({ intent: "ranking", index: "pci" });
    expect(plan("Who are the largest exporters in the world?").context).toMatchObject({ intent: "ranking", index: "trade", places: [] });
    expect(plan("What can Chile export next?").context.intent).toBe("opportunities");
    expect(plan("What is Chile's trade balance?").context).toMatchObject({ intent: "value", flow: "balance" });
  });
  it("says what is missing instead of guessing", () => {
    expect(plan("Chile").problem).toBe("noIntent");
    expect(plan("Compare Chile").problem).toBe("needTwoPlaces");
    expect(plan("What can the EU export next?").problem).toBe("needCountry");
    expect(plan("Tell me a joke").problem).toBe("nothing");
    expect(plan("What is the capital of Peru?").problem).toBe("noIntent");
  });
  it("continues the previous question", () => {
    const first = plan("What does Chile export?").context as ChatContext;
    expect(plan("and imports?", first).context).toMatchObject({ intent: "topProducts", flow: "import", places: [{ id: "chl" }] });
    expect(plan("what about 2010?", first).context).toMatchObject({ intent: "topProducts", year: 2010 });
    expect(plan("y Perú?", first).context).toMatchObject({ intent: "topProducts", places: [{ id: "per" }] });
    expect(plan("那进口呢？", first).context).toMatchObject({ flow: "import", places: [{ id: "chl" }] });
    expect(plan("2010年呢？", first).context).toMatchObject({ year: 2010, places: [{ id: "chl" }] });
    expect(plan("Who does it export to?", first).context).toMatchObject({ intent: "topPartners", places: [{ id: "chl" }] });
    // A new general question starts afresh.
    expect(plan("Which economies are the most complex?", first).context.places).toEqual([]);
    // A full new question does not inherit the year.
    const in2010 = plan("what about 2010?", first).context as ChatContext;
    expect(plan("What does Peru export?", in2010).context.year).toBeNull();
    const compare = plan("Compare Chile and Peru").context as ChatContext;
    expect(ids(plan("and China?", compare).context.places)).toEqual(["country:chl", "country:chn"]);
    const who = plan("Who exports copper?").context as ChatContext;
    expect(plan("and Peru?", who).context).toMatchObject({ intent: "value", places: [{ id: "per" }], product: { id: "74" } });
  });
});

describe("suggestionsFor", () => {
  it("builds questions from what was recognised", () => {
    const chile = ENTITIES[0].entity;
    expect(suggestionsFor([chile]).map((s) => s.key)).toEqual(["topProducts", "topPartners", "opportunities", "topImports"]);
    expect(suggestionsFor([chile, ENTITIES[12].entity]).map((s) => s.key).slice(0, 2)).toEqual(["value", "whoExports"]);
    expect(suggestionsFor([]).map((s) => s.key)).toContain("rankingEci");
  });
});
