import { describe, expect, it } from "vitest";
import { companiesCsv, handleCompaniesCsv } from "./companiesCsv";

const get = (query: string) => handleCompaniesCsv(new Request(`http://localhost/api/companies.csv${query}`));

describe("/api/companies.csv", () => {
  it("refuses what it cannot read with a 400 naming the parameter, before looking at anyone's plan", async () => {
    for (const [query, parameter] of [
      ["?country=chl'%20OR%201=1--", "country"],
      ["?product=2603;DROP%20TABLE%20x", "product"],
      ["?sort=exports_usd%20DESC", "sort"],
      ["?dir=up", "dir"],
      ["?locale=fr", "locale"],
      ["?cube=x", "cube"],
    ] as const) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: { code: string; parameter: string } };
      expect(body.error.parameter, query).toBe(parameter);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("refuses a huge query string with a 414", async () => {
    expect((await get(`?country=${"a".repeat(5000)}`)).status).toBe(414);
  });

  it("writes the rows with the project's CSV writer: header, names, codes, formulas defused", () => {
    const text = companiesCsv([
      { id: "acme", name: "=HYPERLINK(\"x\")", country: "chl", countryName: "Chile", hs4: "2603", productName: "Copper ores", value: 125000000, year: 2022 },
      { id: "sur", name: "Viña Sur, S.A.", country: "arg", countryName: null, hs4: null, productName: null, value: null, year: 2023 },
    ]);
    expect(text).toBe(
      'id,name,country,country_name,hs4,product_name,exports_usd,year\r\nacme,"\'=HYPERLINK(""x"")",CHL,Chile,2603,Copper ores,125000000,2022\r\nsur,"Viña Sur, S.A.",ARG,,,,,2023\r\n',
    );
  });
});
