/**
 * A GameData fixture for the games' unit tests: 40 countries on five continents (with places on
 * the map, main partners and top products) and 80 products across the sections, all derived
 * deterministically so generators can be checked for validity and determinism.
 */
import type { GameCountry, GameData, GameProduct } from "./data";

const CONTINENTS = ["af", "as", "eu", "na", "sa"] as const;
const SECTIONS = ["1", "2", "4", "5", "6", "7", "11", "15", "16", "17"];

export function fixtureGameData(): GameData {
  const products: GameProduct[] = Array.from({ length: 80 }, (_, p) => {
    const id = String(1000 + p * 37).padStart(4, "0");
    return { id, section: SECTIONS[p % SECTIONS.length], names: { en: `Product ${id}`, es: `Producto ${id}`, zh: `产品${id}` }, world: 0, exporters: [] };
  });
  const countries: GameCountry[] = Array.from({ length: 40 }, (_, c) => {
    const continent = CONTINENTS[c % CONTINENTS.length];
    const id = `c${String(c).padStart(2, "0")}`;
    // Each country exports 12 products; its top product is one of eight, so groups share it.
    const top = Array.from({ length: 12 }, (_, k) => ({ id: products[(c % 8) * 3 + k * 5 + (k > 0 ? c % 3 : 0)].id, value: Math.round(1e10 / (k + 1) / (1 + c / 10)) }));
    const unique = [...new Map(top.map((t) => [t.id, t])).values()];
    return {
      id,
      iso2: null,
      names: { en: `Country ${c}`, es: `País ${c}`, zh: `国家${c}` },
      continent,
      lat: -50 + ((c * 13) % 110),
      lon: -170 + ((c * 47) % 340),
      exports: unique.reduce((s, t) => s + t.value, 0),
      topProducts: unique,
      mainPartner: `c${String((c * 7 + 3) % 40).padStart(2, "0")}`,
    };
  });
  countries.sort((a, b) => b.exports - a.exports);
  for (const product of products) {
    const exporters = countries.flatMap((c) => c.topProducts.filter((t) => t.id === product.id).map((t) => ({ id: c.id, value: t.value })));
    product.exporters = exporters.sort((a, b) => b.value - a.value).slice(0, 12);
    product.world = exporters.reduce((s, e) => s + e.value, 0) + 5e9;
  }
  return {
    dataKey: "fixture-7",
    year: 2019,
    source: "atlas",
    countries,
    products: products.sort((a, b) => b.world - a.world),
    productInfo: Object.fromEntries(products.map((p) => [p.id, { section: p.section, names: p.names }])),
    continents: CONTINENTS.map((id) => ({ id, names: { en: `Continent ${id}`, es: `Continente ${id}`, zh: `大洲${id}` } })),
    sections: SECTIONS.map((id) => ({ id, names: { en: `Section ${id}`, es: `Sección ${id}`, zh: `类${id}` }, color: "#336699" })),
  };
}
