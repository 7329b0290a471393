import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cubeYears,
  dataApiUrl,
  getMembers,
  listCubes,
  queryCube,
} from "../client";
import { closeWarehouse } from "../db";
import { WarehouseError } from "../errors";
import { importTiny, tempDir } from "./helpers";

const dir = tempDir("client-test-");
beforeAll(async () => {
  process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
  await importTiny(process.env.WAREHOUSE_PATH);
});
afterAll(() => {
  closeWarehouse();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("typed client", () => {
  it("validates typed queries exactly like the API", async () => {
    await expect(queryCube({ cube: "trade_i_ots_a_sections", drilldowns: ["Nope"] })).rejects.toBeInstanceOf(WarehouseError);
    await expect(queryCube({ cube: "trade_i_ots_a_sections", cuts: [{ level: "Exporter Country", ids: ["x'--"] }] })).rejects.toMatchObject({
      code: "invalid_cut",
    });
    await expect(queryCube({ cube: "trade_i_ots_a_sections", limit: 20_000 })).rejects.toMatchObject({ code: "limit_out_of_range" });
  });

  it("builds the equivalent /api/data URL", () => {
    const url = dataApiUrl({ cube: "trade_i_ots_a_sections", drilldowns: ["Section"], cuts: [{ level: "Exporter Country", ids: ["deu"] }], time: { kind: "latest" } }, "zh");
    expect(url).toBe("/api/data?cube=trade_i_ots_a_sections&drilldowns=Section&cut=Exporter+Country%3Ddeu&time=latest&locale=zh");
  });

  it("lists cubes and members with localised names", async () => {
    const cubes = await listCubes("zh");
    expect(cubes.find((c) => c.name === "trade_i_ots_a_hs4")).toMatchObject({ available: true, years: [1962, 1980, 2017, 2018] });
    expect(await cubeYears("trade_i_ots_a_sections")).toEqual([1990, 2017, 2018]);
    const countries = await getMembers("country", "zh");
    expect(countries.find((c) => c.id === "deu")).toMatchObject({ name: "德国", fallback: false, parentId: "eu" });
    expect(countries.find((c) => c.id === "sun")).toMatchObject({ fallback: true });
    const sections = await getMembers("section", "es");
    expect(sections.find((s) => s.id === "5")).toMatchObject({ name: "Productos minerales", color: expect.stringMatching(/^#/) });
    const hs4 = await getMembers("hs4");
    expect(hs4.find((h) => h.id === "2603")).toMatchObject({ parentId: "26", attributes: expect.objectContaining({ section_id: "5" }) });
    expect((await getMembers("flow", "es")).map((f) => f.name)).toEqual(["Importaciones", "Exportaciones"]);
  });
});
