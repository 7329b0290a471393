/**
 * Chinese product names read as Chinese (issue 39): no Latin words in a Chinese HS name unless it is
 * a code or an established loan form (REVIEWED_LATIN_ALLOWED), checked over the reviewed names table
 * and over an imported warehouse's section, HS2 and HS4 names (skipped without one). Point
 * OTO_NAMES_WAREHOUSE at a fresh import to check it before data/warehouse.duckdb is re-imported.
 */
import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { describe, expect, it } from "vitest";
import { HS2_REVIEWED, HS4_REVIEWED, REVIEWED_LATIN_ALLOWED } from "../names/hsReviewed";

const WAREHOUSE = process.env.OTO_NAMES_WAREHOUSE ?? path.join(__dirname, "..", "..", "..", "..", "data", "warehouse.duckdb");
const ALLOWED = new Set(REVIEWED_LATIN_ALLOWED.map((w) => w.toLowerCase()));

/**
 * The words of a Chinese name written in another script (Latin, and the Cyrillic and Turkish the
 * package also had), except the allowed codes and loan forms.
 */
function latinWords(name: string): string[] {
  const runs = (name.match(/\p{L}+/gu) ?? []).flatMap((run) => run.split(/\p{Script=Han}+/u)).filter(Boolean);
  return runs.filter((w) => !ALLOWED.has(w.toLowerCase()));
}

/** Invisible characters the machine translations carried (zero-width spaces). */
const INVISIBLE = /[\u200b-\u200f\u2060\ufeff]/;

describe("latinWords", () => {
  it("finds English words and keeps codes and loan forms", () => {
    expect(latinWords("妇女的undergarmnets")).toEqual(["undergarmnets"]);
    expect(latinWords("Gas Turbines")).toEqual(["Gas", "Turbines"]);
    expect(latinWords("针织T恤衫")).toEqual([]);
    expect(latinWords("X射线设备")).toEqual([]);
    expect(latinWords("橄榄油（150910）")).toEqual([]);
    expect(latinWords("Станки для обработки")).toEqual(["Станки", "для", "обработки"]);
  });
});

describe("the reviewed HS names table", () => {
  const tables = { hs2: HS2_REVIEWED, hs4: HS4_REVIEWED };
  for (const [level, table] of Object.entries(tables)) {
    it(`${level}: every Chinese name is Chinese, non-empty and without invisible characters`, () => {
      for (const [code, n] of Object.entries(table)) {
        expect(code, code).toMatch(level === "hs2" ? /^\d{2}$/ : /^\d{4}$/);
        if (n.zh === undefined) continue;
        expect(n.zh.trim(), code).not.toBe("");
        expect(latinWords(n.zh), `${code} ${n.zh}`).toEqual([]);
        expect(INVISIBLE.test(n.zh), code).toBe(false);
        expect(/[\u4e00-\u9fff]/.test(n.zh), code).toBe(true);
      }
    });
  }

  it("fixes the names the issue quotes", () => {
    expect(HS4_REVIEWED["6108"].zh).toBe("针织女式内衣");
    expect(HS4_REVIEWED["1509"].zh).toBe("橄榄油");
    expect(HS4_REVIEWED["8411"].zh).toBe("燃气轮机");
    expect(HS4_REVIEWED["8428"].zh).toBe("升降搬运机械");
    expect(HS4_REVIEWED["8545"].zh).not.toContain("文章");
    expect(HS4_REVIEWED["8462"].zh).toBe("金属锻压机床");
    expect(HS4_REVIEWED["8715"].zh).not.toBe(HS4_REVIEWED["8714"].zh);
  });
});

describe.skipIf(!fs.existsSync(WAREHOUSE))("HS names in the imported warehouse", () => {
  async function rows(sql: string): Promise<Record<string, unknown>[]> {
    const instance = await DuckDBInstance.create(WAREHOUSE, { access_mode: "READ_ONLY" });
    const conn = await instance.connect();
    try {
      return (await conn.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  }

  it("no section, HS2 or HS4 has Latin words or an English fallback in Chinese", async () => {
    const names = await rows(`
      SELECT 'section' AS level, id, name_zh, name_zh_fallback FROM dim_hs_sections
      UNION ALL SELECT 'hs2', id, name_zh, name_zh_fallback FROM dim_hs2
      UNION ALL SELECT 'hs4', id, name_zh, name_zh_fallback FROM dim_hs4`);
    expect(names.length).toBeGreaterThan(1000);
    const bad = names.filter((r) => r.name_zh_fallback === true || latinWords(String(r.name_zh)).length > 0 || INVISIBLE.test(String(r.name_zh)));
    expect(bad.map((r) => `${r.level} ${r.id} ${r.name_zh}`)).toEqual([]);
  });

  it("names a subheading by its heading in Chinese and Spanish, still marked as a fallback", async () => {
    const [hs6] = await rows(`SELECT d.id, d.name_zh, d.name_es, d.name_zh_fallback, h.name_zh AS heading_zh, h.name_es AS heading_es
      FROM dim_hs6 d JOIN dim_hs4 h ON h.id = d.hs4_id WHERE d.hs4_id = '1509' ORDER BY d.id LIMIT 1`);
    expect(hs6).toBeDefined();
    expect(hs6.name_zh).toBe(`${hs6.heading_zh}（${hs6.id}）`);
    expect(hs6.name_es).toBe(`${hs6.heading_es} (${hs6.id})`);
    expect(hs6.name_zh_fallback).toBe(true);
    const latin = await rows(`SELECT id, name_zh FROM dim_hs6 WHERE regexp_matches(name_zh, '[A-Za-z]{3,}')`);
    expect(latin.map((r) => `${r.id} ${r.name_zh}`)).toEqual([]);
  });
});
