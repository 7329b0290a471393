import { describe, expect, it } from "vitest";
import { csvCell, toCsvText } from "./csv";

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
