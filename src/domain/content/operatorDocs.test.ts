import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { OPERATOR_DOCS, operatorDocFor, operatorDocPath } from "./operatorDocs";

describe("operator docs", () => {
  it("builds and reads back the public path of every doc", () => {
    for (const doc of OPERATOR_DOCS) {
      const path = operatorDocPath(doc);
      expect(path).toBe(`/docs/${doc}.md`);
      expect(operatorDocFor(path.slice("/docs/".length))).toBe(doc);
    }
  });
  it("refuses anything but a listed markdown file", () => {
    for (const file of ["../README.md", "subnational", "subnational.md.bak", "SUBNATIONAL.md", "architecture.md", "%2e%2e.md", ""]) expect(operatorDocFor(file), file).toBeNull();
  });
  it("lists only docs that exist in the project", () => {
    for (const doc of OPERATOR_DOCS) expect(existsSync(join(process.cwd(), "docs", `${doc}.md`)), doc).toBe(true);
  });
});

describe("docs/bill-of-lading.md", () => {
  it("documents every column the importer reads", async () => {
    const { readFileSync } = await import("node:fs");
    const { BILL_OF_LADING_FIELDS } = await import("@/domain/bulk/billOfLading");
    const text = readFileSync(join(process.cwd(), "docs", "bill-of-lading.md"), "utf8");
    for (const field of BILL_OF_LADING_FIELDS) expect(text, field.name).toContain(`| \`${field.name}\` | ${field.type} | ${field.required ? "yes" : "no"} |`);
  });
});
