/**
 * The assistant's growth answers never mix two series (issue 34): "since 2017" for an HS4 product
 * must not compare 2017 (older OTS release) with 2018 (newer) or 2019 (the Atlas). Runs on the
 * package warehouse (data/warehouse.duckdb); skipped when it is absent.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparable } from "@/domain/catalog/catalog";
import { formatGrowth } from "@/domain/format";
import { tradeYears } from "@/server/catalog/catalog";
import { closeWarehouse } from "@/server/warehouse/db";
import { queryCube } from "@/server/warehouse/client";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");

describe.skipIf(!fs.existsSync(WAREHOUSE))("chat growth stays within one series", () => {
  let answerQuestion: typeof import("../interpreter").answerQuestion;
  let sources: typeof import("@/server/profiles/sources");

  beforeAll(async () => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
    ({ answerQuestion } = await import("../interpreter"));
    sources = await import("@/server/profiles/sources");
    await (await import("@/server/search/build")).profileIndex();
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });

  it.each([
    ["en", "How have Chile's exports of copper ore grown since 2017?"],
    ["es", "¿Cómo han crecido las exportaciones de mineral de cobre de Chile desde 2017?"],
  ] as const)("%s: %s", async (locale, question) => {
    const a = await answerQuestion({ question, locale, context: null });
    expect(a.status, a.text).toBe("answered");
    expect(a.context?.intent).toBe("growth");
    expect(a.context?.product).toMatchObject({ kind: "hs4", id: "2603" });
    const [from, to] = a.source!.years.split("–").map(Number);
    const years = await tradeYears({ depth: "hs4", flow: "export" });
    const a0 = years.find((y) => y.year === from)!;
    const a1 = years.find((y) => y.year === to)!;
    // The two years are of one dataset in one release.
    expect(comparable(a0, a1), `${a0.dataset}@${a0.vintage} ${from} against ${a1.dataset}@${a1.vintage} ${to}`).toBe(true);
    // 2017 is the newest year of its release: "since 2017" cannot end later in one series, and the
    // answer says so (years only, no invented figure).
    const y2017 = years.find((y) => y.year === 2017)!;
    if (!years.some((y) => y.year > 2017 && comparable(y, y2017))) {
      expect(to).toBeLessThanOrEqual(2017);
      expect(a.text).toContain("2017");
    }
    // The figures: the series' own values for the two years, and their change.
    const read = async (y: typeof a0) =>
      (await queryCube(sources.tradeQuery(y, { flow: "export", years: [y.year], own: ["chl"], product: { level: "HS4", ids: ["2603"] }, drilldowns: ["Year"] }), "en")).data.reduce(
        (s, r) => s + Number(r["Trade Value"] ?? 0),
        0,
      );
    const [v0, v1] = await Promise.all([read(a0), read(a1)]);
    const values = a.figures.map((f) => f.value);
    expect(values[0]).toBeCloseTo(v0, 0);
    expect(values[1]).toBeCloseTo(v1, 0);
    expect(values[2]).toBeCloseTo(v1 / v0 - 1, 9);
    expect(a.text).toContain(formatGrowth(v1 / v0 - 1, locale));
  });
});
