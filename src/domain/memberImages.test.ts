import { expect, it } from "vitest";
import { UNKNOWN_COLOR } from "@/domain/charts/presentation";
import { hasSectionGlyph, labelSvg, sectionIconSvg } from "./memberImages";

it("draws an icon for every section in its colour, grey when the colour is unknown", () => {
  for (let s = 1; s <= 21; s++) expect(hasSectionGlyph(String(s))).toBe(true);
  expect(sectionIconSvg("5", "#A0A0A0")).toContain('fill="#A0A0A0"');
  expect(sectionIconSvg("5", "javascript:alert(1)")).toContain(`fill="${UNKNOWN_COLOR}"`);
  expect(sectionIconSvg("77", null)).toContain("<path");
});

it("escapes labels", () => {
  expect(labelSvg("<g>", "#000")).not.toContain("<g>");
});
