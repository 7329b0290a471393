import { NOTEBOOKS, notebookCode } from "../../src/domain/content/notebooks";
import { expect, test } from "./support/test";

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (body: string) => () => Promise<unknown>;

test.describe("notebooks", () => {
  for (const nb of NOTEBOOKS) {
    test(`the ${nb.id} example runs as published (JavaScript and curl) against this server`, async ({ request, baseURL }) => {
      // JavaScript: the very code on the page, with this server as its origin.
      const rows = await new AsyncFunction(notebookCode(nb, "javascript", baseURL!).replace(/console\.(log|table)\([^\n]*\);\n/g, ""))();
      expect(Array.isArray(rows)).toBe(true);
      expect((rows as unknown[]).length).toBeGreaterThan(0);
      // curl: every URL it fetches answers CSV.
      const urls = [...notebookCode(nb, "curl", baseURL!).matchAll(/curl -s "([^"]+)"/g)].map((m) => m[1]);
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls) {
        const answer = await request.get(url);
        expect(answer.status(), url).toBe(200);
        expect(answer.headers()["content-type"]).toContain("text/csv");
      }
    });
  }

  test("the page shows every example and each downloads with this site's origin written in", async ({ page, request, baseURL }) => {
    await page.goto("/es/resources/notebooks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cuadernos");
    await expect(page.locator("[data-notebook]")).toHaveCount(NOTEBOOKS.length);
    const file = await request.get("/api/notebooks/eci.py");
    expect(file.status()).toBe(200);
    expect(file.headers()["content-disposition"]).toBe('attachment; filename="eci.py"');
    expect(await file.text()).toContain(`${new URL(baseURL!).origin}/api/data?cube=complexity_eci_a_hs92_hs4`);
    for (const bad of ["eci.exe", "..%2Fsecrets.py", "nope.py"]) {
      const answer = await request.get(`/api/notebooks/${bad}`);
      expect(answer.status(), bad).toBe(404);
      expect((await answer.json()).error.code).toBe("not_found");
    }
  });
});
