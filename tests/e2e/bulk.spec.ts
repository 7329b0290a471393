import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { expect, test, type APIRequestContext } from "./support/test";
import { csrfToken, signedInUser, userCli } from "./support/accounts";

test.use({ viewport: { width: 1280, height: 900 } });

interface Resource {
  path: string;
  format: "csv" | "parquet";
  bytes: number;
  hash: string;
  rows: number;
  tier: string;
  cube: string;
  year: number | null;
  member: { level: string; id: string } | null;
  schema: { fields: { name: string }[] };
}
interface Package {
  generation: string;
  resources: Resource[];
}

/** RFC 4180, as DuckDB writes it: quoted fields may hold commas, quotes ("") and newlines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endField();
    else if (c === "\n") {
      endField();
      rows.push(row);
      row = [];
    } else if (c !== "\r") field += c;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

async function bulkPackage(request: APIRequestContext): Promise<Package> {
  const redirect = await request.get("/api/bulk/datapackage.json", { maxRedirects: 0 });
  expect(redirect.status()).toBe(307);
  const location = redirect.headers().location!;
  expect(location).toMatch(/^\/api\/bulk\/[0-9a-f]{16}\/datapackage\.json$/);
  return (await (await request.get(location)).json()) as Package;
}

test.describe("bulk downloads", () => {
  test("the international page lists every file; a file's SHA-256 and rows match the list and the API; ranges work", async ({ page, request }) => {
    const pkg = await bulkPackage(request);
    const international = pkg.resources.filter((r) => r.tier === "international");
    expect(international.length).toBeGreaterThan(10);

    await page.goto("/en/resources/bulk-download/international");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("International trade, in bulk");
    await expect(page.getByTestId("bulk-file")).toHaveCount(international.length / 2);
    // The newest year of the bilateral section dataset, as the page links it.
    const file = international.filter((r) => r.cube === "trade_i_ots_a_sections" && r.format === "csv").sort((a, b) => b.year! - a.year!)[0]!;
    const row = page.locator(`[data-testid="bulk-file"][data-path="${file.path}"]`);
    await expect(row.getByTestId("bulk-sha")).toHaveAttribute("data-hash", file.hash.replace("sha256:", ""));
    const href = await row.getByTestId("bulk-csv").getAttribute("href");
    expect(href).toBe(`/api/bulk/${pkg.generation}/${file.path}`);

    const download = await request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()["accept-ranges"]).toBe("bytes");
    // The length on GET and HEAD (not chunked): remote Parquet readers (fsspec, DuckDB) need it to seek.
    expect(download.headers()["content-length"]).toBe(String(file.bytes));
    expect(download.headers()["transfer-encoding"]).toBeUndefined();
    const head = await request.head(href!);
    expect(head.status()).toBe(200);
    expect(head.headers()["content-length"]).toBe(String(file.bytes));
    const body = await download.body();
    expect(body.length).toBe(file.bytes);
    expect(`sha256:${createHash("sha256").update(body).digest("hex")}`).toBe(file.hash);

    // A range: exactly those bytes, 206 with Content-Range; past the end, 416.
    const part = await request.get(href!, { headers: { Range: "bytes=100-1099" } });
    expect(part.status()).toBe(206);
    expect(part.headers()["content-range"]).toBe(`bytes 100-1099/${file.bytes}`);
    expect(part.headers()["content-length"]).toBe("1000");
    expect(Buffer.compare(await part.body(), body.subarray(100, 1100))).toBe(0);
    expect((await request.get(href!, { headers: { Range: `bytes=${file.bytes + 10}-` } })).status()).toBe(416);
    expect((await request.get(href!, { headers: { "If-None-Match": download.headers().etag! } })).status()).toBe(304);

    // The rows of one country in the file equal the API's answer for the same query.
    const [header, ...rows] = parseCsv(gunzipSync(body).toString("utf8"));
    expect(header).toEqual(file.schema.fields.map((f) => f.name));
    expect(rows.length).toBe(file.rows);
    const col = (name: string) => header!.indexOf(name);
    const chile = rows.filter((r) => r[col("Exporter Country ID")] === "chl");
    const api = await request.get(`/api/data?cube=${file.cube}&drilldowns=Year,Exporter Country,Importer Country,Section&cut=Exporter Country=chl&time=${file.year}&limit=10000`);
    const answer = (await api.json()) as { data: Record<string, string | number>[] };
    expect(chile.length).toBe(answer.data.length);
    const key = (importer: string | number, section: string | number) => `${importer}|${section}`;
    const fromApi = new Map(answer.data.map((r) => [key(r["Importer Country ID"]!, r["Section ID"]!), Number(r["Trade Value"])]));
    for (const r of chile) expect(Number(r[col("Trade Value")]), r.join(",")).toBe(fromApi.get(key(r[col("Importer Country ID")]!, r[col("Section ID")]!)));

    // Only listed files: traversal and unknown names are 404, an unknown generation too.
    expect((await request.get(`/api/bulk/${pkg.generation}/international/..%2F..%2F..%2Fetc%2Fpasswd`)).status()).toBe(404);
    expect((await request.get(`/api/bulk/${pkg.generation}/international/nothing.csv.gz`)).status()).toBe(404);
    expect((await request.get(`/api/bulk/not-a-generation/datapackage.json`)).status()).toBe(404);
  });

  test("PREMIUM files: listed for everyone, refused to anonymous (401) and free (403) accounts, served to PREMIUM, also by API key", async ({ page, request, playwright, baseURL }) => {
    const pkg = await bulkPackage(request);
    const national = pkg.resources.find((r) => r.tier === "national" && r.format === "csv" && r.member?.id === "chl")!;
    const products = pkg.resources.find((r) => r.tier === "products" && r.format === "parquet")!;
    expect(national).toBeTruthy();
    expect(products).toBeTruthy();
    const url = `/api/bulk/${pkg.generation}/${national.path}`;

    // Anonymous: sees what the file holds and its size, locked; the server refuses it.
    await page.goto("/en/resources/bulk-download/national");
    await expect(page.getByTestId("premium-notice")).toBeVisible();
    const row = page.locator(`[data-testid="bulk-file"][data-path="${national.path}"]`);
    await expect(row).toContainText("Chile (CHL)");
    await expect(row.getByTestId("bulk-csv")).toHaveAttribute("data-locked", "true");
    expect((await request.get(url)).status()).toBe(401);

    // A free account: still locked, 403.
    const email = await signedInUser(page.request, "bulk-free");
    await page.reload();
    await expect(page.getByTestId("premium-notice")).toBeVisible();
    const refused = await page.request.get(url);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("premium_required");

    // PREMIUM: the links come alive and the file is served, byte for byte as listed.
    userCli("set-role", email, "2");
    await page.reload();
    await expect(page.getByTestId("premium-active")).toBeVisible();
    await expect(row.getByTestId("bulk-csv")).toHaveAttribute("href", url);
    const served = await page.request.get(url);
    expect(served.status()).toBe(200);
    expect(served.headers()["cache-control"]).toContain("private");
    expect(`sha256:${createHash("sha256").update(await served.body()).digest("hex")}`).toBe(national.hash);

    // The same account's API key works from a script.
    const created = await page.request.post("/api/account/keys", { data: { name: "downloads", csrfToken: await csrfToken(page.request) } });
    const { key } = (await created.json()) as { key: string };
    const script = await playwright.request.newContext({ baseURL });
    const byKey = await script.get(`/api/bulk/${pkg.generation}/${products.path}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(byKey.status()).toBe(200);
    // A paid plan's key has the higher API limit (API_LIMIT_KEY_PRO, 6,000 by default).
    expect(byKey.headers()["ratelimit-limit"]).toBe("6000");
    expect((await byKey.body()).subarray(0, 4).toString("latin1")).toBe("PAR1");
    expect((await script.get(`/api/bulk/${pkg.generation}/${products.path}`)).status()).toBe(401);
    await script.dispose();
  });

  test("the bulk pages and the bill-of-lading page in three languages", async ({ page }) => {
    for (const [locale, title] of [["en", "Product data, in bulk"], ["es", "Datos por producto, en bloque"], ["zh", "产品数据批量下载"]] as const) {
      await page.goto(`/${locale}/resources/bulk-download/products`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByTestId("bulk-file").first()).toBeVisible();
      await expect(page.getByTestId("premium-notice")).toBeVisible();
    }
    await page.goto("/es/resources/bulk-download/national");
    await expect(page.locator('[data-testid="bulk-file"]').filter({ hasText: "(CHL)" })).toContainText("Chile");
    for (const [locale, title] of [["en", "No open bill-of-lading data"], ["es", "No hay datos abiertos de conocimientos de embarque"], ["zh", "没有开放的提单数据"]] as const) {
      await page.goto(`/${locale}/resources/bulk-download/bill-of-lading`);
      await expect(page.getByTestId("bol-none")).toContainText(title);
      await expect(page.getByTestId("bol-meanwhile").getByRole("link")).toHaveCount(3);
      await expect(page.getByTestId("operator-doc").getByRole("link")).toHaveAttribute("href", "/docs/bill-of-lading.md");
    }
  });
});
