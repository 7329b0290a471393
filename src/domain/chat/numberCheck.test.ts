import { describe, expect, it } from "vitest";
import { formatPercent, formatUsd } from "@/domain/format";
import { collectNumbers, readNumbers, safeCut, unsupportedNumbers } from "./numberCheck";

const values = (text: string, locale: "en" | "es" | "zh") => readNumbers(text, locale).map((n) => n.readings.map((r) => r.value));

describe("readNumbers", () => {
  it("reads English, Spanish and Chinese scale words and letters", () => {
    expect(values("Chile exported $1.2 billion", "en")).toEqual([[1.2e9]]);
    expect(values("about 3.4 B", "en")).toEqual([[3.4e9]]);
    expect(values("3,4 B US$", "es")).toEqual([[3.4e12]]);
    expect(values("1,2 mil M US$ y 5 mil millones", "es")).toEqual([[1.2e9], [5e9]]);
    expect(values("出口12.5亿美元，120万", "zh")).toEqual([[1.25e9], [1.2e6]]);
    expect(values("3.4万亿", "zh")).toEqual([[3.4e12]]);
  });
  it("reads percentages as ratios or as points, and ambiguous separators both ways", () => {
    expect(values("12,5 %", "es")).toEqual([[0.125, 12.5]]);
    expect(values("grew 5%", "en")).toEqual([[0.05, 5]]);
    expect(values("1,234", "en")).toEqual([[1234, 1.234]]);
    expect(values("1.234.567,5", "es")).toEqual([[1234567.5]]);
    expect(values("1,234,567", "en")).toEqual([[1234567]]);
  });
  it("does not take words that merely start like a scale", () => {
    expect(values("5 Mexico", "en")).toEqual([[5]]);
    expect(values("3 millas", "es")).toEqual([[3]]);
    expect(values("HS8703 in 2018", "en")).toEqual([[2018]]);
  });
});

describe("unsupportedNumbers", () => {
  const figures = [1_234_567_890, 0.1253, 2018, 3];
  it("accepts the figures as our formatter writes them in each language", () => {
    for (const locale of ["en", "es", "zh"] as const) {
      const text = `${formatUsd(figures[0], locale, { compact: true })} ${formatUsd(figures[0], locale)} ${formatPercent(figures[1], locale)} 2018 #3`;
      expect(unsupportedNumbers(text, figures, locale), `${locale}: ${text}`).toEqual([]);
    }
  });
  it("rejects an invented or wrongly scaled number", () => {
    expect(unsupportedNumbers("Chile exported $1.2 billion and $7.5 billion", figures, "en").map((n) => n.text)).toEqual(["7.5 billion"]);
    expect(unsupportedNumbers("1.2 trillion", figures, "en")).toHaveLength(1);
    expect(unsupportedNumbers("in 2017", figures, "en")).toHaveLength(1);
    expect(unsupportedNumbers("1,2 B", figures, "es")).toHaveLength(1); // a billón, not a billion
    expect(unsupportedNumbers("13%", figures, "en")).toEqual([]); // 12.53 % rounded
    expect(unsupportedNumbers("15%", figures, "en")).toHaveLength(1);
  });
});

describe("collectNumbers and safeCut", () => {
  it("collects numbers and short numeric codes from nested results", () => {
    expect(collectNumbers({ a: [1, { b: 2.5, c: "2018", d: "chl" }], e: null })).toEqual([1, 2.5, 2018]);
  });
  it("never cuts a streamed reply inside a number", () => {
    const text = "Chile exported $1.2 billion in 2018 and more";
    const cut = safeCut(text, "en", 12);
    expect(cut).toBeLessThanOrEqual(text.length - 12);
    for (const n of readNumbers(text, "en")) expect(n.start >= cut || n.end <= cut).toBe(true);
  });
});
