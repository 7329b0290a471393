import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LIBRARY, LIBRARY_KINDS, LIBRARY_TERMS, LIBRARY_TOPICS, libraryEntries, parseLibraryKind } from "./library";

type Fragment = Record<"en" | "es" | "zh", { library: { items: Record<string, string>; terms: Record<string, string>; topics: Record<string, string>; kinds: Record<string, string>; kindBadge: Record<string, string> } }>;

// The page's messages wait in a fragment until the lead merges them into messages/*.json; after
// that, the merged files answer the same questions.
function messages(): Fragment {
  const fragment = join(process.cwd(), ".cache", "messages-library.json");
  try {
    return JSON.parse(readFileSync(fragment, "utf8")) as Fragment;
  } catch {
    const load = (l: string) => JSON.parse(readFileSync(join(process.cwd(), "messages", `${l}.json`), "utf8"));
    return { en: load("en"), es: load("es"), zh: load("zh") };
  }
}

describe("library", () => {
  const m = messages();
  const locales = ["en", "es", "zh"] as const;

  it("has at least 18 entries with unique ids", () => {
    expect(LIBRARY.length).toBeGreaterThanOrEqual(18);
    expect(new Set(LIBRARY.map((e) => e.id)).size).toBe(LIBRARY.length);
  });

  it("uses every kind", () => {
    for (const kind of LIBRARY_KINDS) expect(LIBRARY.some((e) => e.kind === kind), kind).toBe(true);
  });

  it("links every entry over https, with a publisher, a licence and topics", () => {
    for (const e of LIBRARY) {
      expect(new URL(e.url).protocol, e.id).toBe("https:");
      expect(e.publisher.trim(), e.id).not.toBe("");
      expect(e.licence.trim(), e.id).not.toBe("");
      expect(e.topics.length, e.id).toBeGreaterThan(0);
      for (const tp of e.topics) expect(LIBRARY_TOPICS, e.id).toContain(tp);
    }
  });

  it("has each entry's description in en, es and zh", () => {
    for (const l of locales) {
      for (const e of LIBRARY) {
        const text = m[l].library.items[e.id];
        expect(typeof text === "string" && text.trim().length > 20, `${l} items.${e.id}`).toBe(true);
      }
      expect(Object.keys(m[l].library.items).sort(), l).toEqual(LIBRARY.map((e) => e.id).sort());
    }
  });

  it("translates every kind, topic and term, and its English text is the licence given", () => {
    for (const l of locales) {
      for (const k of LIBRARY_KINDS) {
        expect(m[l].library.kinds[k], `${l} kinds.${k}`).toBeTruthy();
        expect(m[l].library.kindBadge[k], `${l} kindBadge.${k}`).toBeTruthy();
      }
      for (const tp of LIBRARY_TOPICS) expect(m[l].library.topics[tp], `${l} topics.${tp}`).toBeTruthy();
      for (const term of LIBRARY_TERMS) expect(m[l].library.terms[term], `${l} terms.${term}`).toBeTruthy();
    }
    for (const e of LIBRARY.filter((x) => x.terms)) expect(m.en.library.terms[e.terms!], e.id).toBe(e.licence);
  });

  it("filters by kind and ignores unknown kinds", () => {
    expect(parseLibraryKind("tariffs")).toBe("tariffs");
    for (const bad of ["<script>", "", "Tariffs", "constructor", undefined, null]) expect(parseLibraryKind(bad)).toBeNull();
    expect(libraryEntries(null)).toHaveLength(LIBRARY.length);
    const tariffs = libraryEntries("tariffs");
    expect(tariffs.length).toBeGreaterThan(0);
    expect(tariffs.every((e) => e.kind === "tariffs")).toBe(true);
    const kinds = libraryEntries(null).map((e) => LIBRARY_KINDS.indexOf(e.kind));
    expect([...kinds].sort((a, b) => a - b)).toEqual(kinds);
  });
});
