import { describe, expect, it } from "vitest";
import en from "../../../../messages/en.json";
import es from "../../../../messages/es.json";
import zh from "../../../../messages/zh.json";
import { COMPLEXITY_SOURCE_KINDS } from "@/server/etl/complexity";
import { CUBES } from "@/server/warehouse/registry";

/** Every source the importer can record is named in words on the pages, never as its key. */
describe("source names", () => {
  for (const [locale, messages] of Object.entries({ en, es, zh })) {
    it(`${locale}: every complexity source has a ranking source line`, () => {
      const sources = messages.rankings.sources as Record<string, string>;
      for (const kind of COMPLEXITY_SOURCE_KINDS) expect(sources[kind], kind).toMatch(/\{period\}/);
    });

    it(`${locale}: every catalogued dataset's source has a name`, () => {
      const names = messages.data.sources as Record<string, string>;
      const attributions = messages.charts.attributions as Record<string, string>;
      for (const cube of CUBES) {
        if (!cube.catalog) continue;
        expect(names[cube.catalog.source], cube.name).toBeTruthy();
        expect(attributions[cube.catalog.source], cube.name).toBeTruthy();
      }
      expect(attributions.complexity).toBeTruthy();
    });
  }
});
