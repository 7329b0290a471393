// The package's exports map has no "types" condition: its runtime from the package, its types from the file.
// @ts-expect-error -- see above
import * as olap from "@datawheel/olap-client";
import type * as Olap from "../../node_modules/@datawheel/olap-client/dist/index";
import { expect, test } from "./support/test";

const { Client, PyTesseractDataSource } = olap as typeof Olap;

test.describe("the Tesseract protocol on the running server", () => {
  test("olap-client detects it and queries it; answers carry CORS and the API limits; bad input is a 4xx", async ({ request, baseURL }) => {
    const client = await Client.fromURL(`${baseURL}/api/tesseract/`);
    expect(client.datasource).toBeInstanceOf(PyTesseractDataSource);
    const cube = await client.getCube("trade_i_ots_a_sections");
    const result = await client.execQuery(cube.query.addDrilldown("Section").addMeasure("Trade Value").addCut("Exporter Country", ["chl"]));
    const ours = (await (await request.get("/api/data?cube=trade_i_ots_a_sections&drilldowns=Section&cut=Exporter Country=chl&limit=10000")).json()) as { data: Record<string, unknown>[] };
    expect((result.data as Record<string, unknown>[]).map((r) => r["Trade Value"])).toEqual(ours.data.map((r) => r["Trade Value"]));

    const answer = await request.get("/api/tesseract/data.jsonrecords?cube=trade_i_ots_a_sections&drilldowns=Year&time=Year.latest.3&locale=");
    expect(answer.status()).toBe(200);
    expect(answer.headers()["access-control-allow-origin"]).toBe("*");
    expect(Number(answer.headers()["ratelimit-limit"])).toBeGreaterThan(0);
    expect(((await answer.json()) as { data: unknown[] }).data).toHaveLength(3);

    const bad = await request.get("/api/tesseract/data.jsonrecords?cube=trade_i_ots_a_sections&drilldowns=Nope");
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ error: true });
  });

  test("every level of every loaded cube lists its members (complexity cubes too), and data.parquet answers Parquet", async ({ request }) => {
    const { cubes } = (await (await request.get("/api/tesseract/cubes")).json()) as { cubes: { name: string; dimensions: { hierarchies: { levels: { name: string }[] }[] }[] }[] };
    expect(cubes.some((c) => c.name === "complexity_eci_a_hs92_hs4")).toBe(true);
    for (const cube of cubes) {
      for (const level of cube.dimensions.flatMap((d) => d.hierarchies.flatMap((h) => h.levels))) {
        const answer = await request.get(`/api/tesseract/members?cube=${cube.name}&level=${encodeURIComponent(level.name)}`);
        expect(answer.status(), `${cube.name} ${level.name}`).toBe(200);
        expect(((await answer.json()) as { members: unknown[] }).members.length, `${cube.name} ${level.name}`).toBeGreaterThan(0);
      }
    }
    const parquet = await request.get("/api/tesseract/data.parquet?cube=trade_i_ots_a_sections&drilldowns=Year&measures=Trade Value");
    expect(parquet.status()).toBe(200);
    expect(parquet.headers()["content-type"]).toBe("application/vnd.apache.parquet");
    expect((await parquet.body()).subarray(0, 4).toString("latin1")).toBe("PAR1");
  });
});
