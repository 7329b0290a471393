import { describe, expect, it } from "vitest";
import { csvCell, parseCsv, toCsvText } from "./csv";

describe("the CSV writer", () => {
  it("quotes separators, quotes, line breaks and edge spaces; writes numbers raw", () => {
    expect(toCsvText([["Name", "Value"], ["Korea, Rep.", 1.5], ['say "hi"', -3], ["two\nlines", null], [" padded", 0]])).toBe(
      'Name,Value\r\n"Korea, Rep.",1.5\r\n"say ""hi""",-3\r\n"two\nlines",\r\n" padded",0\r\n',
    );
  });

  it("defuses text a spreadsheet would run as a formula, never numbers", () => {
    for (const text of ["=1+1", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(text).replace(/^"|"$/g, "").startsWith("'"), text).toBe(true);
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("Chile")).toBe("Chile");
  });
});

describe("the CSV reader's dialects", () => {
  it("reads another delimiter and quote the same way (a data package's dialect)", () => {
    expect(parseCsv("a;'b;c';'say ''hi'''\r\n1;2;3\n", { delimiter: ";", quote: "'" })).toEqual({
      records: [
        { line: 1, cells: ["a", "b;c", "say 'hi'"] },
        { line: 2, cells: ["1", "2", "3"] },
      ],
      error: null,
    });
    // With that dialect a comma and a double quote are plain text.
    expect(parseCsv('x,"y";z', { delimiter: ";", quote: "'" }).records[0].cells).toEqual(['x,"y"', "z"]);
    expect(parseCsv("a;'open", { delimiter: ";", quote: "'" }).error).toEqual({ line: 1, reason: "a quoted field is never closed" });
  });
});
