import { describe, expect, it } from "vitest";
import en from "../../../messages/en.json";
import { FORMULAS, MEASURE_IDS, renderFormula } from "./formulas";

describe("methods formulas", () => {
  it("every formula renders with KaTeX (HTML and MathML) without errors", () => {
    for (const id of MEASURE_IDS) {
      for (const tex of FORMULAS[id]) {
        const html = renderFormula(tex);
        expect(html, id).toContain('class="katex-display"');
        expect(html, id).toContain("<math");
        expect(html, id).not.toContain("katex-error");
      }
    }
  });

  it("every measure has a title and an explanation in the messages", () => {
    const measures = (en as unknown as { methods: { measures: Record<string, { title: string; text: string }> } }).methods.measures;
    for (const id of MEASURE_IDS) {
      expect(measures[id]?.title, id).toBeTruthy();
      expect(measures[id]?.text, id).toBeTruthy();
    }
  });
});
