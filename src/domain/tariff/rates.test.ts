import { describe, expect, it } from "vitest";
import { pickRates, type TariffRateRow } from "./rates";

const row = (over: Partial<TariffRateRow>): TariffRateRow => ({ partner: "wld", product: "0901", year: 2018, dutyType: "AHS", rate: 5, match: 0, ...over });

describe("pickRates", () => {
  it("prefers the year asked, then AHS over MFN, then the product itself over finer lines", () => {
    const rates = pickRates(
      [
        row({ year: 2017, rate: 1 }),
        row({ dutyType: "MFN", rate: 2 }),
        row({ product: "090111", match: 1, rate: 3 }),
        row({ rate: 4 }),
      ],
      2018,
    );
    expect(rates.get("wld")).toMatchObject({ rate: 4, year: 2018, dutyType: "AHS", match: 0, lines: 1 });
  });
  it("averages finer lines when the product itself is missing, per partner", () => {
    const rates = pickRates(
      [row({ product: "090111", match: 1, rate: 2 }), row({ product: "090112", match: 1, rate: 6 }), row({ partner: "bra", product: "090111", match: 1, rate: 0 })],
      2018,
    );
    expect(rates.get("wld")).toMatchObject({ rate: 4, lines: 2 });
    expect(rates.get("bra")?.rate).toBe(0);
  });
  it("takes the nearest year, the later one on a tie", () => {
    expect(pickRates([row({ year: 2016, rate: 1 }), row({ year: 2020, rate: 2 })], 2018).get("wld")).toMatchObject({ year: 2020, rate: 2 });
    expect(pickRates([row({ year: 2010, rate: 1 }), row({ year: 2015, rate: 2 })], 2018).get("wld")?.year).toBe(2015);
  });
});
