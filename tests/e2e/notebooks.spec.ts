import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NOTEBOOKS } from "../../src/domain/content/notebooks";
import { expect, test } from "./support/test";

/** Runs a downloaded notebook with its interpreter; resolves with what it printed. */
function run(command: string, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, [file], { timeout: 60_000, maxBuffer: 8 * 1024 * 1024 }, (error, stdout, stderr) => (error ? reject(new Error(`${command} ${file}: ${error.message}\n${stderr}`)) : resolve(stdout)));
  });
}

function installed(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: "ignore", timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

const RUNNERS = [
  { extension: "mjs", command: "node", available: () => true },
  { extension: "sh", command: "bash", available: () => installed("curl", ["--version"]) },
  { extension: "py", command: "python3", available: () => installed("python3", ["-c", "import pandas"]) },
  { extension: "R", command: "Rscript", available: () => installed("Rscript", ["-e", "library(jsonlite)"]) },
];

test.describe("notebooks", () => {
  for (const nb of NOTEBOOKS) {
    for (const runner of RUNNERS) {
      test(`${nb.id}.${runner.extension}, downloaded from this server, runs unchanged and prints the API's numbers`, async ({ request }) => {
        test.skip(!runner.available(), `${runner.command} is not installed here`);
        const file = await request.get(`/api/notebooks/${nb.id}.${runner.extension}`);
        expect(file.status()).toBe(200);
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "notebook-e2e-"));
        try {
          const saved = path.join(dir, `${nb.id}.${runner.extension}`);
          fs.writeFileSync(saved, await file.text());
          const printed = [...(await run(runner.command, saved)).matchAll(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi)].map((m) => Number(m[0]));
          for (const query of nb.queries) {
            const answer = await request.get(query);
            expect(answer.status(), query).toBe(200);
            const { data } = (await answer.json()) as { data: Record<string, unknown>[] };
            expect(data.length).toBeGreaterThan(0);
            for (const row of data) {
              for (const column of nb.prints) {
                const value = row[column];
                if (typeof value !== "number") continue;
                const tolerance = Math.max(0.0051, Math.abs(value) * 1e-6);
                expect(printed.some((n) => Math.abs(n - value) <= tolerance), `${column} ${value}`).toBe(true);
              }
            }
          }
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      });
    }
  }

  test("the page shows every example and each downloads with this site's origin written in", async ({ page, request, baseURL }) => {
    await page.goto("/es/resources/notebooks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cuadernos");
    await expect(page.locator("[data-notebook]")).toHaveCount(NOTEBOOKS.length);
    const file = await request.get("/api/notebooks/eci.py");
    expect(file.status()).toBe(200);
    expect(file.headers()["content-disposition"]).toBe('attachment; filename="eci.py"');
    const text = await file.text();
    expect(text).toContain(`BASE = "${new URL(baseURL!).origin}"`);
    expect(text).toContain('BASE + "/api/data?cube=complexity_eci_a_hs92_hs4');
    for (const bad of ["eci.exe", "..%2Fsecrets.py", "nope.py"]) {
      const answer = await request.get(`/api/notebooks/${bad}`);
      expect(answer.status(), bad).toBe(404);
      expect((await answer.json()).error.code).toBe("not_found");
    }
  });
});
