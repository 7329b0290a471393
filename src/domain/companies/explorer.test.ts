import { describe, expect, it } from "vitest";
import { COMPANY_PAGE_SIZE, companyCsvName, companySearch, DEFAULT_COMPANY_QUERY, pagination, parseCompanyQuery, sortedBy } from "./explorer";

describe("company explorer query", () => {
  it("reads country (any case), product, sort, direction and page", () => {
    const parsed = parseCompanyQuery(new URLSearchParams("country=CHL&product=2603&sort=name&dir=desc&page=3"));
    expect(parsed).toEqual({ query: { country: "chl", hs4: "2603", sort: "name", direction: "desc", page: 3 }, invalid: [], unknown: [] });
  });

  it("starts every sort in its natural order: value largest first, names A to Z", () => {
    expect(parseCompanyQuery({}).query).toEqual(DEFAULT_COMPANY_QUERY);
    expect(parseCompanyQuery({ sort: "name" }).query).toMatchObject({ sort: "name", direction: "asc" });
    expect(parseCompanyQuery({ sort: "value" }).query).toMatchObject({ sort: "value", direction: "desc" });
  });

  it("leaves hostile, huge and malformed values at their defaults and names them", () => {
    const hostile = parseCompanyQuery({
      country: "chl' OR 1=1 --",
      product: "2603; DROP TABLE dim_entity_company",
      sort: "exports_usd DESC; --",
      dir: "sideways",
      page: "99999999999999999999",
      extra: "1",
    });
    expect(hostile.query).toEqual(DEFAULT_COMPANY_QUERY);
    expect(hostile.invalid).toEqual(["country", "product", "sort", "dir", "page"]);
    expect(hostile.unknown).toEqual(["extra"]);
    expect(parseCompanyQuery({ page: "0" }).invalid).toEqual(["page"]);
    expect(parseCompanyQuery({ page: "-2" }).invalid).toEqual(["page"]);
    expect(parseCompanyQuery({ page: "1.5" }).invalid).toEqual(["page"]);
    expect(parseCompanyQuery({ product: "26030" }).invalid).toEqual(["product"]);
    expect(parseCompanyQuery({ country: "c1l" }).invalid).toEqual(["country"]);
    expect(parseCompanyQuery({ country: "x".repeat(100_000) }).invalid).toEqual(["country"]);
  });

  it("takes the first of repeated parameters and ignores empty ones", () => {
    expect(parseCompanyQuery({ country: ["arg", "chl"], product: "" }).query).toMatchObject({ country: "arg", hs4: null });
    expect(parseCompanyQuery(new URLSearchParams("country=arg&country=chl")).query.country).toBe("arg");
  });

  it("writes the question back without its defaults, and reads what it wrote", () => {
    expect(companySearch(DEFAULT_COMPANY_QUERY)).toBe("");
    const query = { country: "chl", hs4: "2603", sort: "name" as const, direction: "desc" as const, page: 2 };
    expect(companySearch(query)).toBe("country=chl&product=2603&sort=name&dir=desc&page=2");
    expect(companySearch(query, { page: false })).toBe("country=chl&product=2603&sort=name&dir=desc");
    expect(parseCompanyQuery(new URLSearchParams(companySearch(query))).query).toEqual(query);
  });

  it("flips the order of the same column and starts another at its default, back on page 1", () => {
    const onValue = { ...DEFAULT_COMPANY_QUERY, page: 4 };
    expect(sortedBy(onValue, "value")).toMatchObject({ sort: "value", direction: "asc", page: 1 });
    expect(sortedBy(onValue, "name")).toMatchObject({ sort: "name", direction: "asc", page: 1 });
    expect(sortedBy({ ...onValue, sort: "name", direction: "asc" }, "name")).toMatchObject({ direction: "desc" });
  });

  it("keeps the page within the pages the rows fill", () => {
    expect(pagination(0, 1)).toEqual({ pages: 1, page: 1, offset: 0 });
    expect(pagination(COMPANY_PAGE_SIZE + 1, 2)).toEqual({ pages: 2, page: 2, offset: COMPANY_PAGE_SIZE });
    expect(pagination(COMPANY_PAGE_SIZE + 1, 500)).toEqual({ pages: 2, page: 2, offset: COMPANY_PAGE_SIZE });
  });

  it("names the CSV after the filters", () => {
    expect(companyCsvName(DEFAULT_COMPANY_QUERY)).toBe("companies.csv");
    expect(companyCsvName({ ...DEFAULT_COMPANY_QUERY, country: "chl", hs4: "2603" })).toBe("companies-chl-2603.csv");
  });
});
