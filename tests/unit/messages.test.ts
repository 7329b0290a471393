import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import zh from "../../messages/zh.json";

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** The arguments an ICU message uses (plural and select branches' own words are not arguments). */
function placeholders(text: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if (element.type === TYPE.tag) walk(element.children);
      else names.add(element.value);
      if (element.type === TYPE.select || element.type === TYPE.plural) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(parse(text, { ignoreTag: true }));
  return [...names].sort();
}

const base = leaves(en as Tree);
// Proper names that read the same in every language.
// Proper names of datasets and games, the same in every language.
const SAME_IN_ALL_LANGUAGES = new Set(["nav.items.exportHoldem", "games.holdem.title", "growth.eciSources.baci", "data.sources.ots", "data.sources.baci"]);

describe.each([
  ["es", es],
  ["zh", zh],
])("messages/%s.json", (_name, messages) => {
  const other = leaves(messages as Tree);
  it("has exactly the keys of en.json", () => {
    expect([...other.keys()].sort()).toEqual([...base.keys()].sort());
  });
  it("keeps every ICU placeholder and leaves nothing empty", () => {
    for (const [key, text] of base) {
      const translated = other.get(key) ?? "";
      expect(translated.trim(), key).not.toBe("");
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });
  it("is translated, not copied from English", () => {
    const copied = [...base].filter(([key, text]) => !SAME_IN_ALL_LANGUAGES.has(key) && other.get(key) === text && /[a-z]{4,}\s+[a-z]{4,}/i.test(text));
    expect(copied.map(([key]) => key)).toEqual([]);
  });
});

it("names the site as the design guide says", () => {
  expect(en.common.siteName).toBe("Open Trade Observatory");
  expect(es.common.siteName).toBe("Observatorio Abierto del Comercio");
  expect(zh.common.siteName).toBe("开放贸易观察站");
});
