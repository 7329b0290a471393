import { parseCsv } from "@/domain/format/csv";
import { describe, expect, it } from "vitest";
import { REGISTERED_WITHOUT_MEMBERS, REPORTS } from "@/domain/explorer/reports";
import {
  ENTITY_DEFS,
  entityDef,
  entityDefBySlug,
  entityProfilePath,
  exampleCsv,
  importOrder,
  parseEntitySegments,
  validateEntityCsv,
} from "./entities";

const company = entityDef("company");
const fund = entityDef("fund");

describe("entity registry", () => {
  it("registers the spec's four slugs, each with a file, a table and an id and name column", () => {
    expect(ENTITY_DEFS.map((d) => d.slug)).toEqual(["company", "digital-product", "fund", "manager"]);
    for (const d of ENTITY_DEFS) {
      expect(REGISTERED_WITHOUT_MEMBERS).toContain(d.slug);
      expect(d.file).toBe(`entities/${d.type}.csv`);
      expect(d.table).toMatch(/^dim_entity_[a-z_]+$/);
      expect(d.columns.slice(0, 2)).toEqual([
        { name: "id", kind: "id", required: true },
        { name: "name", kind: "text", required: true },
      ]);
    }
  });

  it("is not an explorer report, so search and the explorer never list these types", () => {
    for (const d of ENTITY_DEFS) expect(REPORTS.map((r) => r.slug)).not.toContain(d.slug);
  });

  it("shows an example row per type that the validator accepts", () => {
    for (const d of ENTITY_DEFS) {
      const result = validateEntityCsv(d, exampleCsv(d), { countries: new Set(["chl", "usa"]), hs4: new Set(["2603"]), ids: { manager: new Set(["andes-capital"]) } });
      expect(result.errors).toEqual([]);
      expect(result.records).toHaveLength(1);
    }
    expect(exampleCsv(entityDef("manager"))).toBe("id,name,country\nandes-capital,Andes Capital,CHL\n");
  });

  it("imports managers before the funds that refer to them", () => {
    const order = importOrder().map((d) => d.type);
    expect(order.indexOf("manager")).toBeLessThan(order.indexOf("fund"));
  });

  it("builds profile paths", () => {
    expect(entityProfilePath(entityDefBySlug("digital-product")!, "app-1")).toBe("/profile/digital-product/app-1");
    expect(entityDefBySlug("digital_product")).toBeUndefined();
  });
});

describe("entity URLs", () => {
  it("parses landing pages, members, redirects and unknown ids", () => {
    expect(parseEntitySegments(["country", "chl"])).toBeNull();
    expect(parseEntitySegments(["fund"])).toMatchObject({ kind: "landing", def: { type: "fund" } });
    expect(parseEntitySegments(["manager", "m-1"])).toMatchObject({ kind: "member", id: "m-1" });
    expect(parseEntitySegments(["company", "ACME"])).toMatchObject({ kind: "redirect", path: "/profile/company/acme" });
    expect(parseEntitySegments(["company", "a b"])).toMatchObject({ kind: "unknown-id", id: "a b" });
    expect(parseEntitySegments(["company", "%E0%A4%A"])).toEqual({ kind: "not-found" });
    expect(parseEntitySegments(["company", "a", "b"])).toEqual({ kind: "not-found" });
  });
});

describe("CSV reading", () => {
  it("reads quotes, doubled quotes, CRLF, a BOM and line breaks inside quotes, with start lines", () => {
    const { records, error } = parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n"multi\nline",2\n3,4');
    expect(error).toBeNull();
    expect(records).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["x, y", 'say "hi"'] },
      { line: 3, cells: ["multi\nline", "2"] },
      { line: 5, cells: ["3", "4"] },
    ]);
  });

  it("reports an unclosed quote and a stray quote with their lines", () => {
    expect(parseCsv('a\n"open\n').error).toEqual({ line: 2, reason: "a quoted field is never closed" });
    expect(parseCsv('a\nb"c\n').error?.line).toBe(2);
  });
});

describe("entity validation", () => {
  const countries = new Set(["chl", "arg", "usa"]);
  const hs4 = new Set(["2603", "0201"]);

  it("loads good rows, typing numbers and lowercasing countries; optional columns may be absent or empty", () => {
    const text = "id,name,country,hs4,exports_usd,year\nacme,Acme Mining,CHL,2603,1500000.5,2022\nsur,\"Viña Sur, S.A.\",arg,,,2023\n\n";
    const result = validateEntityCsv(company, text, { countries, hs4 });
    expect(result.errors).toEqual([]);
    expect(result.records).toEqual([
      { id: "acme", name: "Acme Mining", country: "chl", hs4: "2603", exports_usd: 1500000.5, year: 2022 },
      { id: "sur", name: "Viña Sur, S.A.", country: "arg", hs4: null, exports_usd: null, year: 2023 },
    ]);
    const lean = validateEntityCsv(company, "year,country,name,id\n2020,usa,Lean,lean\n", { countries });
    expect(lean.records).toEqual([{ id: "lean", name: "Lean", country: "usa", hs4: null, exports_usd: null, year: 2020 }]);
  });

  it("reports each bad row with its line, column and reason, and loads nothing", () => {
    const text = [
      "id,name,country,hs4,exports_usd,year",
      "ok,Fine,chl,2603,10,2020",
      "Bad Id,Name,chl,,,2020",
      "two,Two,xyz,,,2020",
      "three,Three,chile,26,,20",
      "four,Four,usa,,\"1,000\",2020",
      "ok,Again,usa,,,2021",
      "six,,usa,,-5,2021",
      "seven,Seven,usa,,",
      "eight,Eight,usa,9999,,2021",
    ].join("\n");
    const result = validateEntityCsv(company, text, { countries, hs4 });
    expect(result.records).toEqual([]);
    expect(result.badRows).toBe(8);
    const brief = result.errors.map((e) => `${e.line}:${e.column ?? "-"}:${e.reason}`);
    expect(brief).toEqual([
      expect.stringMatching(/^3:id:"Bad Id" is not a valid id/),
      "4:country:unknown country code \"xyz\" (not among the warehouse's countries)",
      expect.stringMatching(/^5:country:"chile" is not a three-letter/),
      expect.stringMatching(/^5:hs4:"26" is not a four-digit HS code/),
      expect.stringMatching(/^5:year:"20" is not a year between 1900 and 2100/),
      expect.stringMatching(/^6:exports_usd:"1,000" is not a non-negative amount/),
      '7:id:duplicate id "ok" (first on line 2)',
      "8:name:required value is empty",
      expect.stringMatching(/^8:exports_usd:"-5"/),
      "9:-:expected 6 fields, found 5",
      "10:hs4:unknown HS4 code \"9999\" (not among the warehouse's products)",
    ]);
  });

  it("checks the header: unknown, repeated and missing required columns", () => {
    const result = validateEntityCsv(company, "id,name,name,country,revenue\nx,X,X,chl,1\n");
    expect(result.records).toEqual([]);
    expect(result.errors.map((e) => [e.line, e.column])).toEqual([
      [1, "name"],
      [1, "revenue"],
      [1, "year"],
    ]);
    expect(result.errors[1].reason).toContain('unknown column "revenue"');
    expect(result.errors[2].reason).toBe('required column "year" is missing');
    expect(validateEntityCsv(company, "").errors[0]).toMatchObject({ line: 1, reason: expect.stringContaining("header") });
  });

  it("checks a fund's manager against the managers loaded with it, when there are any", () => {
    const text = "id,name,manager_id,country,aum_usd,year\nf1,Fund One,m1,usa,100,2023\nf2,Fund Two,m9,usa,100,2023\n";
    expect(validateEntityCsv(fund, text, { countries }).errors).toEqual([]);
    const checked = validateEntityCsv(fund, text, { countries, ids: { manager: new Set(["m1"]) } });
    expect(checked.errors).toEqual([{ line: 3, column: "manager_id", reason: 'no manager with id "m9" in entities/manager.csv' }]);
  });

  it("refuses control characters and overlong text, and caps the listed errors", () => {
    const long = "x".repeat(201);
    const rows = Array.from({ length: 30 }, (_, i) => `id${i},${i === 0 ? long : "Name\u0007"},usa,,,2020`);
    const result = validateEntityCsv(company, ["id,name,country,hs4,exports_usd,year", ...rows].join("\n"), { maxErrors: 5 });
    expect(result.badRows).toBe(30);
    expect(result.errors).toHaveLength(5);
    expect(result.errors[0]).toEqual({ line: 2, column: "name", reason: "longer than 200 characters" });
    expect(result.errors[1]).toEqual({ line: 3, column: "name", reason: "contains a control character" });
  });
});
