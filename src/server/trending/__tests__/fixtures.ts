/** A small profile index for the trending tests: a few countries, products and trading pairs. */
import { ProfileIndex } from "@/server/search/engine";
import { testEntity } from "@/server/search/test-support";

const e = testEntity;

export function tinyIndex(): ProfileIndex {
  return new ProfileIndex({
    entities: [
      e("country", "chl", "Chile", "Chile", "智利", 70, ["cl"]),
      e("country", "deu", "Germany", "Alemania", "德国", 1500, ["de"]),
      e("country", "fra", "France", "Francia", "法国", 600, ["fr"]),
      e("country", "chn", "China", "China", "中国", 2500, ["cn"]),
      e("country", "per", "Peru", "Perú", "秘鲁", 50, ["pe"]),
      e("country", "usa", "United States", "Estados Unidos", "美国", 2000, ["us"]),
      e("country", "jpn", "Japan", "Japón", "日本", 800, ["jp"]),
      e("continent", "eu", "Europe", "Europa", "欧洲", 5000),
      e("hs4", "2603", "Copper Ore", "Minerales de cobre", "铜矿砂及其精矿", 80),
      e("hs4", "8703", "Cars", "Automóviles", "小汽车", 900),
      e("hs4", "2709", "Crude Petroleum", "Petróleo crudo", "原油", 1200),
      e("section", "5", "Mineral Products", "Productos minerales", "矿产品", 2000),
      e("world", "wld", "World", "Mundo", "世界", 20000),
    ],
    partners: new Map([
      ["deu", [{ id: "fra", weight: 100 }, { id: "chn", weight: 90 }]],
      ["chn", [{ id: "usa", weight: 500 }]],
      ["chl", [{ id: "chn", weight: 30 }]],
    ]),
    productCountries: new Map([
      ["hs4:2603", [{ id: "chl", weight: 19 }, { id: "per", weight: 10 }]],
      ["hs4:8703", [{ id: "deu", weight: 167 }]],
    ]),
  });
}
