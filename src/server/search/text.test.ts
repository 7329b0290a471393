import { expect, it } from "vitest";
import { fold, normalisedPhrase, queryTerms, tokenize } from "./text";

it("folds accents and case", () => {
  expect(fold("Perú")).toBe("peru");
  expect(fold("CÔTE D’IVOIRE")).toBe("cote divoire");
  expect(fold("U.S.A.")).toBe("usa");
});

it("segments Chinese and adds character pairs", () => {
  expect(tokenize("中国")).toContain("中国");
  const words = tokenize("铜矿砂及其精矿");
  expect(words).toEqual(expect.arrayContaining(["铜", "矿", "铜矿", "矿砂", "精矿"]));
});

it("drops connectors between two names", () => {
  expect(queryTerms("Germany and France")).toEqual(["germany", "france"]);
  expect(queryTerms("and")).toEqual(["and"]);
  expect(normalisedPhrase("  Costa   Rica ")).toBe("costa rica");
});
