/**
 * The importer reads a CSV header with the project's one RFC 4180 reader (domain/format/csv), in
 * the file's dialect: names trimmed, quotes honoured, a broken header refused with its reason.
 */
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

describe("parseCsvHeader", () => {
  it("reads quoted names, doubled quotes and another dialect", async () => {
    const { parseCsvHeader } = await import("../validate");
    expect(parseCsvHeader('year, "exporter, iso3" ,"say ""v"""')).toEqual(["year", "exporter, iso3", 'say "v"']);
    expect(parseCsvHeader("a|'b|c'", "|", "'")).toEqual(["a", "b|c"]);
    expect(parseCsvHeader("")).toEqual([""]);
  });

  it("refuses a header whose quote never closes", async () => {
    const { parseCsvHeader } = await import("../validate");
    expect(() => parseCsvHeader('year,"exporter')).toThrow(/never closed/);
  });
});
