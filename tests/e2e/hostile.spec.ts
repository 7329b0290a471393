/**
 * Fair under hostile load, against the production server: no spelling of a path dodges the meter,
 * malformed request targets are a 4xx JSON error at once, the query that starved the site is
 * refused before it runs, sign-in's 429 says when to retry, and a page from the cache carries a
 * nonce of its own (with scripts that still run).
 */
import { expect, test } from "./support/test";
import { AddressClient } from "./support/addressClient";
import { profileView } from "../../src/domain/visualize/profileViews";
import { viewApiUrl } from "../../src/domain/visualize/stateCodec";

test.describe("one canonical path before any decision", () => {
  test("dot-segment, double-slash and fragment spellings of the data API are redirected, never answered unmetered", async ({ baseURL }) => {
    const client = new AddressClient(baseURL!, "127.0.0.61");
    const query = "cube=trade_i_ots_a_sections&drilldowns=Year&measures=Trade+Value&cut=Exporter+Country%3Dchl";
    for (const path of [`/api/./data?${query}`, `/api/x/../data?${query}`, `/api/%2e/data?${query}`, `//api//data?${query}`, `/api/data?${query}#f`]) {
      const answer = await client.request("GET", path);
      expect(answer.status, path).toBe(308);
      expect(answer.headers.location, path).toBe(`/api/data?${query}`);
    }
    const direct = await client.request("GET", `/api/data?${query}`);
    expect(direct.status).toBe(200);
    expect(direct.headers["ratelimit-limit"]).toBeDefined();
  });

  test("'*' targets and undecodable escapes are a 400 JSON error at once", async ({ baseURL }) => {
    const client = new AddressClient(baseURL!, "127.0.0.62");
    for (const [method, path] of [["GET", "*"], ["OPTIONS", "*"], ["GET", "/_next/static/%c3%28"], ["GET", "/static/%ff%fe"], ["GET", "/geo/%ed%a0%80"]] as const) {
      const started = Date.now();
      const answer = await client.request(method, path);
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(JSON.parse(answer.text).error.code).toBe("invalid_request_target");
      expect(Date.now() - started).toBeLessThan(2_000);
    }
  });
});

test("the expensive query of the hostile-load report is refused before it runs, on Tesseract and /api/data", async ({ request }) => {
  for (const path of [
    "/api/tesseract/data.jsonrecords?cube=trade_i_ots_a_sections&drilldowns=Year,Exporter+Country,Importer+Country,Section&measures=Trade+Value&ranking=Trade+Value&growth=Year.Trade+Value.period.1&limit=100000",
    "/api/data?cube=trade_i_ots_a_sections&drilldowns=Year,Exporter+Country,Importer+Country,Section&measures=Trade+Value&limit=10000",
  ]) {
    const started = Date.now();
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    // Our JSON error names the code; Tesseract's compatible shape ({error: true, detail}) says why.
    expect(JSON.stringify(await response.json())).toMatch(path.startsWith("/api/tesseract") ? /over the limit/ : /query_too_expensive/);
    expect(Date.now() - started).toBeLessThan(5_000);
  }
  // A heavy question that stays within the budget is answered.
  const year = await request.get("/api/data?cube=trade_i_ots_a_sections&drilldowns=Exporter+Country,Importer+Country&measures=Trade+Value&cut=Year%3D2018&limit=100");
  expect(year.status()).toBe(200);
});

test("the sign-in 429 carries Retry-After", async ({ baseURL }) => {
  const attacker = new AddressClient(baseURL!, "127.0.0.63");
  let last = 0;
  let retryAfter: string | undefined;
  for (let i = 0; i < 12 && last !== 429; i++) {
    const answer = await attacker.signIn(`nobody-${Date.now()}@example.com`, `wrong ${i}`);
    last = answer.status;
    retryAfter = answer.headers["retry-after"] as string | undefined;
  }
  expect(last).toBe(429);
  expect(Number(retryAfter)).toBeGreaterThan(0);
});

test("two answers of one cached page carry different nonces, and its scripts run", async ({ page, request, cspViolations }) => {
  const path = "/en/resources/methods";
  const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
  await request.get(path);
  const first = await request.get(path);
  const second = await request.get(path);
  expect(first.headers()["x-front-cache"]).toBe("HIT");
  expect(second.headers()["x-front-cache"]).toBe("HIT");
  const [a, b] = [nonceOf(first.headers()["content-security-policy"]), nonceOf(second.headers()["content-security-policy"])];
  expect(a).toBeTruthy();
  expect(a).not.toBe(b);
  expect(await second.text()).toContain(`nonce="${b}"`);
  expect(await second.text()).not.toContain(String(a));
  // In a browser, the cached page hydrates (its nonce matches its policy): the theme toggle works.
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", /light|dark/);
  expect(cspViolations).toEqual([]);
});

test("the site's own chart data never spend the public API allowance of the same address", async ({ baseURL }) => {
  // Thirty profiles of about ten charts each, from one address (a class behind one NAT address).
  const browser = new AddressClient(baseURL!, "127.0.0.64");
  const before = await browser.request("GET", "/api/data?cube=trade_i_ots_a_sections&drilldowns=Year&measures=Trade+Value&cut=Exporter+Country%3Dper");
  const remaining = Number(before.headers["ratelimit-remaining"]);
  const countries = ["chl", "per", "arg", "bra", "deu", "fra", "usa", "chn", "jpn", "ind"];
  const views = countries.flatMap((c) => (["tree_map", "stacked", "line"] as const).map((chart) => viewApiUrl(profileView({ chart, country: c, product: "show", time: 2018 }), "en")));
  const statuses: number[] = [];
  for (let round = 0; round < 10; round++) {
    for (const url of views) statuses.push((await browser.request("GET", url)).status);
  }
  expect(statuses.filter((s) => s === 429)).toHaveLength(0);
  // The script's allowance is where it was: only its own /api/data calls count against it.
  const after = await browser.request("GET", "/api/data?cube=trade_i_ots_a_sections&drilldowns=Year&measures=Trade+Value&cut=Exporter+Country%3Dper");
  expect(Number(after.headers["ratelimit-remaining"])).toBe(remaining - 1);
  expect(Number(after.headers["ratelimit-limit"])).toBeLessThan(Number((await browser.request("GET", views[0]!)).headers["ratelimit-limit"]));
});
