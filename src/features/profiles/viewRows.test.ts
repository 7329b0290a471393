import { describe, expect, it } from "vitest";
import { viewRowsLoader } from "./viewRows";

const rows = (chart: string) => Response.json({ data: { chart, rows: [] } });

describe("the browser's loader of chart rows", () => {
  it("asks for each URL once, however many charts want it", async () => {
    const asked: string[] = [];
    const load = viewRowsLoader(async (url) => (asked.push(url), rows(url)));
    const [a, b] = await Promise.all([load("/api/view?a"), load("/api/view?a")]);
    expect(a).toBe(b);
    await load("/api/view?a");
    await load("/api/view?b");
    expect(asked).toEqual(["/api/view?a", "/api/view?b"]);
  });

  it("forgets a failure, so trying again asks anew", async () => {
    let fail = true;
    const asked: string[] = [];
    const load = viewRowsLoader(async (url) => {
      asked.push(url);
      return fail ? Response.json({ error: { code: "warehouse_busy", message: "busy" } }, { status: 503 }) : rows("tree_map");
    });
    await expect(load("/api/view?a")).rejects.toThrow("503");
    fail = false;
    await expect(load("/api/view?a")).resolves.toMatchObject({ chart: "tree_map" });
    expect(asked).toHaveLength(2);
  });

  it("keeps only the newest answers", async () => {
    const asked: string[] = [];
    const load = viewRowsLoader(async (url) => (asked.push(url), rows(url)), 2);
    for (const url of ["/1", "/2", "/3", "/1"]) await load(url);
    expect(asked).toEqual(["/1", "/2", "/3", "/1"]);
  });
});
