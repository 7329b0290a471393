import { expect, test } from "./support/test";
import { signedInUser } from "./support/accounts";

const PAGE_FAMILIES = [
  "/en",
  "/en/profile/country/chl",
  "/es/profile/hs/2603",
  "/zh/visualize/tree_map/hs92/export/chl/all/show/2018",
  "/en/rankings/eci/hs4/hs92",
  "/en/resources/methods",
  "/en/data-availability",
  "/es/blog/welcome",
];


/** An answer's script nonce, from its Content-Security-Policy. */
const nonceOf = (headers: Record<string, string>) => /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "";
/** A page's HTML with its nonce taken out wherever it stands (attributes and the RSC payload). */
const sansNonce = (html: string, headers: Record<string, string>) => (nonceOf(headers) ? html.replaceAll(nonceOf(headers), "NONCE") : html);

test.describe("cached public pages and APIs", () => {
  for (const path of PAGE_FAMILIES) {
    test(`${path}: served from the page cache with an ETag, 304 on revalidation`, async ({ playwright, baseURL }) => {
      // No cookies at all: the variant a CDN may keep.
      const client = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
      const first = await client.get(path);
      expect(first.status()).toBe(200);
      const again = await client.get(path);
      expect(again.headers()["x-front-cache"]).toBe("HIT");
      expect(again.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      expect(again.headers()["vary"]).toContain("Cookie");
      const etag = again.headers()["etag"];
      expect(etag).toMatch(/^"p-/);
      // The same page, each answer with a script nonce of its own (in its body and its policy).
      expect(sansNonce(await again.text(), again.headers())).toBe(sansNonce(await first.text(), first.headers()));
      expect(nonceOf(again.headers())).not.toBe(nonceOf(first.headers()));
      expect((await client.get(path, { headers: { "if-none-match": etag } })).status()).toBe(304);
      // With cookies, browsers revalidate and a shared cache keeps out.
      const withCookie = await client.get(path, { headers: { cookie: "ots-consent=f0t0" } });
      expect(withCookie.headers()["cache-control"]).toBe("private, no-cache");
      await client.dispose();
    });
  }

  test("data, catalogue and search APIs: cached answers keep the route's headers; 304 on revalidation", async ({ request }) => {
    for (const path of [
      "/api/data?cube=trade_i_ots_a_sections&drilldowns=Year&measures=Trade+Value&cut=Exporter+Country%3Dchl&cut=Year%3D2018",
      "/api/catalog",
      "/api/cms/search/reports?query=chile&locale=en&limit=5",
    ]) {
      await request.get(path);
      const again = await request.get(path);
      expect(again.status(), path).toBe(200);
      expect(again.headers()["x-front-cache"], path).toBe("HIT");
      expect(again.headers()["cache-control"], path).toMatch(/public/);
      const etag = again.headers()["etag"];
      expect(etag, path).toBeTruthy();
      expect((await request.get(path, { headers: { "if-none-match": etag } })).status(), path).toBe(304);
    }
    // Errors are never cached.
    const bad = await request.get("/api/data?cube=nope");
    expect(bad.status()).toBeGreaterThanOrEqual(400);
    expect(bad.headers()["x-front-cache"]).toBeUndefined();
  });

  test("signed in or not, the same cached HTML, with no name or email in it; the menu fills in on the client", async ({ page, playwright, baseURL }) => {
    const email = await signedInUser(page.request, "cached");
    const path = "/en/profile/country/bra";
    const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [{ name: "ots-consent", value: "f0t0", domain: "localhost", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" }], origins: [] } });
    const anonymousAnswer = await anonymous.get(path);
    const anonymousHtml = await anonymousAnswer.text();
    const anonymousHeaders = anonymousAnswer.headers();
    const signedIn = await page.request.get(path);
    const signedInHtml = await signedIn.text();
    expect(signedIn.headers()["x-front-cache"]).toBe("HIT");
    // The same page; each answer carries its own script nonce.
    expect(sansNonce(signedInHtml, signedIn.headers())).toBe(sansNonce(anonymousHtml, anonymousHeaders));
    expect(signedInHtml).not.toContain(email);
    expect(signedInHtml).not.toContain("Test User");
    await page.goto(path);
    await expect(page.getByTestId("account-menu")).toBeVisible();
    await anonymous.dispose();
  });
});
