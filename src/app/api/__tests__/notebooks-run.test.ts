/**
 * The notebooks on /resources/notebooks run as they are published (issue 38): each one is generated
 * with its base URL pointing at a small HTTP server that answers /api/data through the site's own
 * route handler (over the package warehouse), run by the real interpreter (node for .mjs, python3
 * for .py when pandas is installed, bash and curl for .sh, Rscript for .R where R is installed), and
 * what it prints is checked against the same queries' answers. Skipped without the warehouse.
 */
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as dataGET } from "@/app/api/data/route";
import { NOTEBOOKS, NOTEBOOK_EXTENSIONS, notebookCode, type Notebook, type NotebookLanguage } from "@/domain/content/notebooks";
import { closeWarehouse } from "@/server/warehouse/db";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
const present = fs.existsSync(WAREHOUSE);

/** Is `command` installed (and, for Python, with pandas)? */
function has(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: "ignore", timeout: 30_000 });
    return true;
  } catch {
    return false;
  }
}

const INTERPRETERS: Record<NotebookLanguage, { command: string; needs: string; available: () => boolean }> = {
  javascript: { command: "node", needs: "node", available: () => true },
  python: { command: "python3", needs: "python3 with pandas", available: () => has("python3", ["-c", "import pandas"]) },
  curl: { command: "bash", needs: "curl", available: () => has("curl", ["--version"]) },
  r: { command: "Rscript", needs: "Rscript with jsonlite", available: () => has("Rscript", ["-e", "library(jsonlite)"]) },
};

let server: http.Server;
let base = "";
let dir = "";

beforeAll(async () => {
  if (!present) return;
  process.env.WAREHOUSE_PATH = WAREHOUSE;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "notebooks-run-"));
  server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", base);
    if (url.pathname !== "/api/data") {
      res.writeHead(404).end();
      return;
    }
    const response = await dataGET(new Request(url, { headers: { "user-agent": String(req.headers["user-agent"] ?? "") } }));
    const body = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, { ...Object.fromEntries(response.headers), "content-length": String(body.length) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (!present) return;
  await new Promise((resolve) => server.close(resolve));
  closeWarehouse();
  delete process.env.WAREHOUSE_PATH;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs a file with an interpreter (asynchronously: the test server answers meanwhile). */
function run(command: string, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, [file], { timeout: 60_000, maxBuffer: 8 * 1024 * 1024, cwd: dir }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${path.basename(file)} failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** Every number printed (plain, decimal or scientific). */
function printedNumbers(text: string): number[] {
  return [...text.matchAll(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/gi)].map((m) => Number(m[0]));
}

/** The numbers the notebook should print: the measures it shows, of every row of its queries' answers. */
async function expectedRows(notebook: Notebook): Promise<{ measures: number[]; rows: number }> {
  const measures: number[] = [];
  let rows = 0;
  for (const query of notebook.queries) {
    const response = await dataGET(new Request(`${base}${query}`));
    expect(response.status, query).toBe(200);
    const body = (await response.json()) as { data: Record<string, unknown>[]; columns: string[] };
    expect(body.columns).toEqual(expect.arrayContaining([...notebook.prints]));
    rows += body.data.length;
    for (const row of body.data) for (const c of notebook.prints) if (typeof row[c] === "number") measures.push(row[c] as number);
  }
  return { measures, rows };
}

describe.skipIf(!present)("the notebooks run as published, against the data API", () => {
  for (const notebook of NOTEBOOKS) {
    for (const language of Object.keys(INTERPRETERS) as NotebookLanguage[]) {
      const interpreter = INTERPRETERS[language];
      it(`${notebook.id}.${NOTEBOOK_EXTENSIONS[language]} (${interpreter.command})`, async (context) => {
        if (!interpreter.available()) context.skip(`${interpreter.needs} is not installed here`);
        const code = notebookCode(notebook, language, base);
        expect(code).toContain(base);
        const file = path.join(dir, `${notebook.id}.${NOTEBOOK_EXTENSIONS[language]}`);
        fs.writeFileSync(file, code);
        const stdout = await run(interpreter.command, file);
        const { measures, rows } = await expectedRows(notebook);
        expect(rows, "the queries answer rows").toBeGreaterThan(0);
        const printed = printedNumbers(stdout);
        // Each value the API answers is printed (rounded as the language prints it: two decimals
        // for ECI in JavaScript, seven significant digits in pandas and R).
        for (const value of measures) {
          const tolerance = Math.max(0.0051, Math.abs(value) * 1e-6);
          expect(
            printed.some((n) => Math.abs(n - value) <= tolerance),
            `${value} not printed by ${notebook.id}.${NOTEBOOK_EXTENSIONS[language]}:\n${stdout.slice(0, 2000)}`,
          ).toBe(true);
        }
      });
    }
  }
});
