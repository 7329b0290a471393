/**
 * Every message in the three languages (issue 39): each en.json key is in es.json and zh.json, and
 * no Spanish or Chinese message reads exactly as the English one unless it holds nothing but
 * placeholders, punctuation, numbers, codes, units and brand names (`LATIN_ALLOWED` in
 * src/domain/i18n/untranslated.ts) or, in Spanish, a loanword Spanish writes the same ("Total",
 * "Blog", "Cookies"). The rendered pages are scanned for English by tests/e2e/untranslated.spec.ts.
 */
import { describe, expect, it } from "vitest";
import en from "../../messages/en.json";
import es from "../../messages/es.json";
import zh from "../../messages/zh.json";
import { flattenMessages, sameInEveryLanguage, type MessageTree } from "@/domain/i18n/untranslated";

const english = flattenMessages(en as unknown as MessageTree);

describe.each([
  ["es", es],
  ["zh", zh],
] as const)("messages/%s.json", (locale, messages) => {
  const translated = flattenMessages(messages as unknown as MessageTree);

  it("has every key of en.json", () => {
    expect([...english.keys()].filter((key) => !translated.has(key))).toEqual([]);
  });

  it("reads the same as English only where the message is codes, names and placeholders", () => {
    const copied = [...english].filter(([key, value]) => translated.get(key) === value && !sameInEveryLanguage(value, locale));
    expect(copied.map(([key, value]) => `${key}: ${value}`)).toEqual([]);
  });
});
