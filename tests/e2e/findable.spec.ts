/**
 * What search engines and social sites read (issue 38, item 7): a generated share image per
 * profile, ranking and visualisation (PNG, cached by the warehouse generation), large Twitter
 * cards, JSON-LD that parses and says what the page is, the web manifest and its icons,
 * /favicon.ico and /apple-touch-icon.png, and the RSS feed linked from every page's head.
 */
import { expect, test, type APIRequestContext, type Page } from "./support/test";

const PNG = "89504e470d0a1a0a";

/** A URL the page names (absolute against SITE_URL) as a path on the server under test. */
const pathOf = (url: string) => {
  const parsed = new URL(url, "http://x");
  return `${parsed.pathname}${parsed.search}`;
};

async function expectPng(request: APIRequestContext, path: string, size?: { width: number; height: number }) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()["content-type"], path).toBe("image/png");
  const body = await response.body();
  expect(body.subarray(0, 8).toString("hex"), path).toBe(PNG);
  if (size) expect({ width: body.readUInt32BE(16), height: body.readUInt32BE(20) }, path).toEqual(size);
  return response;
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((text) => {
    const data = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(data) ? data : [data];
  });
}

test.describe("share images", () => {
  for (const path of ["/en/profile/country/chl", "/en/rankings/eci/hs4/hs92", "/en/visualize/tree_map/hs92/export/chl/all/show/2018", "/zh/profile/country/chl"]) {
    test(`${path} names a generated card that answers a PNG, cached by generation`, async ({ page, request }) => {
      expect((await page.goto(path))?.status()).toBe(200);
      const image = await page.locator('meta[property="og:image"]').first().getAttribute("content");
      expect(image, "og:image").toMatch(/\/og\/(en|zh)\/.+\.png/);
      expect(await page.locator('meta[property="og:image:width"]').first().getAttribute("content")).toBe("1200");
      expect(await page.locator('meta[name="twitter:card"]').getAttribute("content")).toBe("summary_large_image");
      expect(await page.locator('meta[name="twitter:image"]').first().getAttribute("content")).toBe(image);
      const response = await expectPng(request, pathOf(image!), { width: 1200, height: 630 });
      const etag = response.headers().etag;
      expect(etag, "ETag").toBeTruthy();
      expect(response.headers()["cache-control"]).toContain("public");
      const again = await request.get(pathOf(image!), { headers: { "If-None-Match": etag! } });
      expect(again.status()).toBe(304);
    });
  }

  test("every other page shares the site's card; a card of no page is a 404", async ({ page, request }) => {
    await page.goto("/es/data-availability");
    const image = await page.locator('meta[property="og:image"]').first().getAttribute("content");
    expect(pathOf(image!)).toBe("/og/es.png");
    await expectPng(request, "/og/es.png", { width: 1200, height: 630 });
    expect((await request.get("/og/en/profile/country/not-a-country.png")).status()).toBe(404);
    expect((await request.get("/og/xx.png")).status()).toBe(404);
  });
});

test.describe("structured data (JSON-LD)", () => {
  test("a country profile is a Country with its breadcrumb, in a script carrying the page's nonce", async ({ page }) => {
    const response = await page.goto("/en/profile/country/chl");
    const nonce = /'nonce-([^']+)'/.exec(response?.headers()["content-security-policy"] ?? "")?.[1];
    const data = await jsonLd(page);
    const country = data.find((d) => d["@type"] === "Country");
    expect(country).toMatchObject({ "@context": "https://schema.org", name: "Chile", identifier: { value: "CHL" } });
    expect(String(country!.url)).toMatch(/\/en\/profile\/country\/chl$/);
    const crumbs = data.find((d) => d["@type"] === "BreadcrumbList") as { itemListElement: { position: number; name: string }[] } | undefined;
    expect(crumbs?.itemListElement.map((c) => c.position)).toEqual([1, 2, 3]);
    expect(crumbs?.itemListElement.at(-1)?.name).toBe("Chile");
    // The browser hides a nonce from the DOM once applied: the HTML as sent carries it on the JSON-LD script.
    expect(nonce, "the page's script nonce").toBeTruthy();
    const tags = (await response!.text()).match(/<script[^>]*application\/ld\+json[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("a continent is a Place", async ({ page }) => {
    await page.goto("/es/profile/continent/sa");
    const data = await jsonLd(page);
    expect(data.some((d) => d["@type"] === "Place")).toBe(true);
    expect(data.some((d) => d["@type"] === "BreadcrumbList")).toBe(true);
  });

  for (const path of ["/en/data-availability", "/zh/resources/bulk-download/international"]) {
    test(`${path} describes a Dataset with its downloads and licence`, async ({ page }) => {
      expect((await page.goto(path))?.status()).toBe(200);
      const dataset = (await jsonLd(page)).find((d) => d["@type"] === "Dataset") as Record<string, unknown> | undefined;
      expect(dataset, "Dataset").toBeTruthy();
      expect(String(dataset!.name).length).toBeGreaterThan(0);
      expect(String(dataset!.description).length).toBeGreaterThanOrEqual(50);
      expect(dataset!.license).toBeTruthy();
      expect(dataset!.temporalCoverage).toMatch(/^\d{4}(\/\d{4})?$/);
      const downloads = dataset!.distribution as { "@type": string; contentUrl: string; encodingFormat: string }[];
      expect(downloads.length).toBeGreaterThan(0);
      for (const d of downloads) {
        expect(d["@type"]).toBe("DataDownload");
        expect(d.contentUrl).toMatch(/^https?:\/\//);
        expect(d.encodingFormat).toMatch(/\//);
      }
    });
  }
});

test.describe("manifest, icons and feed", () => {
  test("the web manifest and its icons answer", async ({ page, request }) => {
    await page.goto("/en");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBeTruthy();
    const response = await request.get(pathOf(href!));
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as { name: string; start_url: string; icons: { src: string; type: string }[] };
    expect(manifest.name).toBe("Open Trade Observatory");
    expect(manifest.start_url).toBe("/en");
    for (const icon of manifest.icons.filter((i) => i.type === "image/png")) await expectPng(request, icon.src);
    expect(manifest.icons.some((i) => i.src === "/app-icon/512.png")).toBe(true);
    const apple = await page.locator('link[rel="apple-touch-icon"]').first().getAttribute("href");
    expect(pathOf(apple!)).toBe("/apple-touch-icon.png");
  });

  test("/favicon.ico and /apple-touch-icon.png answer 200", async ({ request }) => {
    const favicon = await request.get("/favicon.ico");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
    const body = await favicon.body();
    expect(body.readUInt16LE(2)).toBe(1); // an ICO file
    await expectPng(request, "/apple-touch-icon.png", { width: 180, height: 180 });
  });

  for (const path of ["/en", "/es/profile/country/chl", "/zh/data-availability", "/en/visualize/tree_map/hs92/export/chl/all/show/2018", "/en/login"]) {
    test(`${path} links the RSS feed in its head`, async ({ page, request }) => {
      await page.goto(path);
      const link = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
      await expect(link).toHaveCount(1);
      const href = (await link.getAttribute("href"))!;
      expect(href).toContain(`locale=${path.split("/")[1]}`);
      const feed = await request.get(pathOf(href));
      expect(feed.status()).toBe(200);
      expect(await feed.text()).toContain("<rss");
    });
  }
});
