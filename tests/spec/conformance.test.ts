/**
 * The conformance suite's own rules: the requirements table quotes the spec, every requirement has
 * a test (or an end-to-end test, or a reason), and docs/spec-conformance.md is the generated one.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFORMANCE_DOC, renderConformanceDoc } from "../../scripts/lib/specConformance";
import { REQUIREMENTS, SECTION_FILES, SECTION_TITLES, type SpecSection } from "./requirements";
import { ROOT, source } from "./support";

const SPEC_FILE = path.resolve(ROOT, "../shared/spec/product-spec.md");
const squash = (text: string) => text.replace(/\s+/g, " ");

describe("the specification as tests", () => {
  it("quotes the spec's own words in every requirement (when the spec is beside the project)", () => {
    if (!fs.existsSync(SPEC_FILE)) return;
    const spec = squash(fs.readFileSync(SPEC_FILE, "utf8"));
    const misquoted = REQUIREMENTS.filter((r) => !spec.includes(squash(r.quote))).map((r) => r.id);
    expect(misquoted).toEqual([]);
    // Every numbered section of the spec has requirements.
    for (const [n, title] of Object.entries(SECTION_TITLES)) {
      expect(spec).toContain(`## ${n}. ${title}`);
      expect(REQUIREMENTS.some((r) => r.section === (Number(n) as SpecSection)), title).toBe(true);
    }
  });

  it("has unique ids, and a reason wherever the product differs or the requirement does not apply", () => {
    expect(new Set(REQUIREMENTS.map((r) => r.id)).size).toBe(REQUIREMENTS.length);
    for (const r of REQUIREMENTS) {
      expect(r.id.startsWith(`s${r.section}.`), r.id).toBe(true);
      if (r.status !== "works") expect(r.reason?.length ?? 0, `${r.id} needs a reason`).toBeGreaterThan(40);
    }
  });

  it("gives every requirement its test: a unit test in its section's file, else an end-to-end test or a reason", () => {
    const named = new Map<string, string>();
    for (const [section, file] of Object.entries(SECTION_FILES)) {
      const text = source(`tests/spec/${file}`);
      for (const [, id] of text.matchAll(/\bspec\("([^"]+)"/g)) {
        expect(named.has(id), `${id} is tested twice`).toBe(false);
        named.set(id, section);
      }
    }
    for (const r of REQUIREMENTS) {
      if (r.unit === false) {
        expect(named.has(r.id), `${r.id} says it has no unit test but has one`).toBe(false);
        expect(r.e2e !== undefined || r.status === "not-applicable", `${r.id} has no test at all`).toBe(true);
      } else {
        expect(named.get(r.id), `${r.id} has no test in tests/spec/${SECTION_FILES[r.section]}`).toBe(String(r.section));
      }
    }
    const known = new Set(REQUIREMENTS.map((r) => r.id));
    expect([...named.keys()].filter((id) => !known.has(id))).toEqual([]);
  });

  it("names end-to-end tests that exist", () => {
    for (const r of REQUIREMENTS) {
      if (!r.e2e) continue;
      const file = path.join(ROOT, "tests/e2e", r.e2e.file);
      expect(fs.existsSync(file), `${r.id}: ${r.e2e.file}`).toBe(true);
      const text = fs.readFileSync(file, "utf8");
      expect([JSON.stringify(r.e2e.test), `'${r.e2e.test}'`, `\`${r.e2e.test}\``].some((literal) => text.includes(literal)), `${r.id}: ${r.e2e.test}`).toBe(true);
    }
  });

  it(`keeps ${CONFORMANCE_DOC} equal to the generated one (npx tsx scripts/spec-conformance.ts)`, () => {
    expect(source(CONFORMANCE_DOC)).toBe(renderConformanceDoc());
  });
});
