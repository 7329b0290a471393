import { describe, expect, it } from "vitest";
import {
  decimalSeparator,
  formatDecimal,
  formatList,
  formatIndex,
  formatGrowth,
  formatNumber,
  formatPercent,
  formatPeriod,
  formatRca,
  formatSignificant,
  formatUsd,
  isShownPeriod,
  MISSING_VALUE,
  parsePeriod,
  periodKind,
  tileCode,
} from ".";

// Intl output uses narrow no-break spaces in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatUsd", () => {
  it("writes dollars with thousands separators in every language", () => {
    expect(formatUsd(1234567, "en")).toBe("$1,234,567");
    expect(plain(formatUsd(1234567, "es"))).toBe("1.234.567 US$");
    expect(formatUsd(1234567, "zh")).toBe("US$1,234,567");
  });
  it("groups four-digit Spanish amounts too", () => {
    expect(plain(formatUsd(1234, "es"))).toBe("1.234 US$");
  });
  it("rounds to whole dollars unless digits are asked for", () => {
    expect(formatUsd(12.6, "en")).toBe("$13");
    expect(formatUsd(12.6, "en", { digits: 2 })).toBe("$12.60");
  });
  it("divides cents by 100", () => {
    expect(formatUsd(123456, "en", { cents: true })).toBe("$1,235");
    expect(formatUsd(123456, "en", { cents: true, digits: 2 })).toBe("$1,234.56");
  });
  it("abbreviates with the language's own words", () => {
    expect(formatUsd(1_234_567_890, "en", { compact: true })).toBe("$1.2B");
    expect(formatUsd(2.5e12, "en", { compact: true })).toBe("$2.5T");
    expect(formatUsd(950, "en", { compact: true })).toBe("$950");
    expect(formatUsd(1000, "en", { compact: true })).toBe("$1K");
    expect(plain(formatUsd(12_345_678_901, "es", { compact: true }))).toBe("12,3 mil M US$");
    expect(plain(formatUsd(1_500_000, "es", { compact: true }))).toBe("1,5 M US$");
    // One Spanish style from a thousand million up: never "8880,8 M" beside "20 mil M".
    expect(plain(formatUsd(8_880_800_000, "es", { compact: true }))).toBe("8,9 mil M US$");
    expect(plain(formatUsd(9_913_000_000, "es", { compact: true }))).toBe("9,9 mil M US$");
    expect(plain(formatUsd(-1_000_000_000, "es", { compact: true }))).toBe("-1 mil M US$");
    expect(plain(formatUsd(20_000_000_000, "es", { compact: true }))).toBe("20 mil M US$");
    expect(plain(formatUsd(950_000_000, "es", { compact: true }))).toBe("950 M US$");
    expect(plain(formatNumber(8_880_800_000, "es", { compact: true }))).toBe("8,9 mil M");
    expect(formatUsd(12_345_678_901, "zh", { compact: true })).toBe("US$123.5亿");
    expect(formatUsd(1_500_000, "zh", { compact: true })).toBe("US$150万");
  });
  it("shows a dash for missing values", () => {
    expect(formatUsd(null, "en")).toBe(MISSING_VALUE);
    expect(formatUsd(undefined, "es", { compact: true })).toBe(MISSING_VALUE);
    expect(formatUsd(Number.NaN, "zh")).toBe(MISSING_VALUE);
  });
  it("keeps the sign of negative amounts", () => {
    expect(formatUsd(-1500, "en")).toBe("-$1,500");
  });
});

describe("formatNumber and formatDecimal", () => {
  it("groups and abbreviates plain numbers", () => {
    expect(formatNumber(18_729_160, "en")).toBe("18,729,160");
    expect(formatNumber(18_729_160, "en", { compact: true })).toBe("18.7M");
    expect(formatNumber(18_729_160, "zh", { compact: true })).toBe("1872.9万");
    expect(plain(formatNumber(18_729_160, "es"))).toBe("18.729.160");
  });
  it("writes RCA and other decimals with fixed digits", () => {
    expect(formatRca(1.23456, "en")).toBe("1.23");
    expect(formatRca(1, "es")).toBe("1,00");
    expect(formatDecimal(0.5, "en", 3)).toBe("0.500");
    expect(formatRca(null, "en")).toBe(MISSING_VALUE);
  });
});

describe("formatSignificant", () => {
  it("keeps small values readable on log axes", () => {
    expect(formatSignificant(0.001, "en")).toBe("0.001");
    expect(formatSignificant(0.012345, "en")).toBe("0.012");
    expect(formatSignificant(1000, "en")).toBe("1,000");
    expect(formatSignificant(2.25, "es")).toBe("2,3");
    expect(formatSignificant(0, "en")).toBe("0");
    expect(formatSignificant(null, "en")).toBe(MISSING_VALUE);
  });
});

describe("formatPercent", () => {
  it("uses one decimal and shortens '.0%' to '%'", () => {
    expect(formatPercent(0.253, "en")).toBe("25.3%");
    expect(formatPercent(0.25, "en")).toBe("25%");
    expect(formatPercent(0.2501, "en")).toBe("25%");
    expect(formatPercent(1, "en")).toBe("100%");
    expect(formatPercent(0.0004, "en")).toBe("0%");
    expect(formatPercent(-0.0004, "en")).toBe("0%");
  });
  it("follows the language", () => {
    expect(plain(formatPercent(0.253, "es"))).toBe("25,3 %");
    expect(plain(formatPercent(0.25, "es"))).toBe("25 %");
    expect(formatPercent(0.253, "zh")).toBe("25.3%");
  });
  it("keeps tiny shares with significant digits when asked", () => {
    expect(formatPercent(0.0000123, "en", { significant: 2 })).toBe("0.0012%");
    expect(plain(formatPercent(0.0000123, "es", { significant: 2 }))).toBe("0,0012 %");
  });
  it("signs growth", () => {
    expect(formatGrowth(0.05, "en")).toBe("+5%");
    expect(formatGrowth(-0.123, "en")).toBe("-12.3%");
    expect(formatGrowth(0, "en")).toBe("0%");
    expect(formatGrowth(null, "en")).toBe(MISSING_VALUE);
  });
});

describe("periods", () => {
  it("reads 4, 5 and 6 digit codes", () => {
    expect(parsePeriod(2018)).toEqual({ kind: "year", year: 2018 });
    expect(parsePeriod("20183")).toEqual({ kind: "quarter", year: 2018, quarter: 3 });
    expect(parsePeriod(201807)).toEqual({ kind: "month", year: 2018, month: 7 });
    expect(parsePeriod(20185)).toBeNull();
    expect(parsePeriod(201813)).toBeNull();
    expect(parsePeriod("18")).toBeNull();
    expect(parsePeriod(null)).toBeNull();
  });
  it("formats year, YYYY-Qn and YYYY-MM", () => {
    expect(formatPeriod(2018)).toBe("2018");
    expect(formatPeriod(20183)).toBe("2018-Q3");
    expect(formatPeriod(201807)).toBe("2018-07");
    expect(formatPeriod("201812")).toBe("2018-12");
    expect(formatPeriod("x")).toBe("");
  });
  it("shows only values below 203012", () => {
    expect(isShownPeriod(203011)).toBe(true);
    expect(isShownPeriod(203012)).toBe(false);
    expect(formatPeriod(203101)).toBe("");
    expect(formatPeriod(2030)).toBe("2030");
  });
  it("tells years from months for the tooltip row", () => {
    expect(periodKind(2018)).toBe("year");
    expect(periodKind(201801)).toBe("month");
    expect(periodKind(undefined)).toBeNull();
  });
});

describe("tileCode", () => {
  it("keeps the last 2, 4 or 6 characters of the original id", () => {
    expect(tileCode("52601", "hs4")).toBe("2601");
    expect(tileCode("1010111", "hs6")).toBe("010111");
    expect(tileCode("101", "hs2")).toBe("01");
    expect(tileCode("2601", "hs4")).toBe("2601");
    expect(tileCode(21970, "hs2")).toBe("70");
  });
});

describe("indices and separators", () => {
  it("writes an index with two decimals and its sign", () => {
    expect(formatIndex(1.234, "en")).toBe("+1.23");
    expect(formatIndex(-0.456, "en")).toBe("-0.46");
    expect(formatIndex(0, "en")).toBe("0.00");
    expect(formatIndex(1.5, "es")).toBe("+1,50");
    expect(formatIndex(null, "en")).toBe("–");
  });

  it("knows each language's decimal separator", () => {
    expect(decimalSeparator("en")).toBe(".");
    expect(decimalSeparator("es")).toBe(",");
    expect(decimalSeparator("zh")).toBe(".");
  });
});

describe("formatList", () => {
  it("writes lists in each language", () => {
    expect(formatList(["Chile", "Peru", "Bolivia"], "en-GB")).toBe("Chile, Peru and Bolivia");
    expect(formatList(["Chile", "Perú", "Bolivia"], "es")).toBe("Chile, Perú y Bolivia");
    expect(formatList(["智利", "秘鲁", "玻利维亚"], "zh")).toBe("智利、秘鲁和玻利维亚");
    expect(formatList(["Chile", "Peru"], "en-GB")).toBe("Chile and Peru");
    expect(formatList(["1 h", "5 min"], "en", { type: "unit", style: "narrow" })).toBe("1 h 5 min");
  });

  it("makes one Intl.ListFormat per locale and style, not one per list", () => {
    const Real = Intl.ListFormat;
    let made = 0;
    const intl = Intl as { ListFormat: typeof Intl.ListFormat };
    intl.ListFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made++;
      }
    };
    try {
      expect(formatList(["a", "b"], "fr")).toBe("a et b");
      expect(formatList(["c", "d", "e"], "fr")).toBe("c, d et e");
      expect(made).toBe(1);
      expect(formatList(["a", "b"], "fr", { type: "disjunction" })).toBe("a ou b");
      expect(made).toBe(2);
    } finally {
      intl.ListFormat = Real;
    }
  });
});
