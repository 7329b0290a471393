/**
 * GET /api/trends: PRO only (the session's role, mocked here), zod-checked query, 4xx JSON for
 * every bad input. Runs on the BACI-sample warehouse; expected figures come from the server
 * function itself or from the catalogue, never typed in.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeWarehouse } from "@/server/warehouse/db";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";

const access = vi.hoisted(() => ({ value: { signedIn: false, allowed: false } }));
vi.mock("@/server/auth/proAccess", () => ({ proAccess: async () => access.value }));

const { handleTrendsGet } = await import("./api");
const { defaultSelection } = await import("./trends");

const WAREHOUSE = path.join(PROJECT_ROOT, "data", "warehouse-baci.duckdb");
const get = (query: string) => handleTrendsGet(new Request(`http://localhost/api/trends?${query}`));

describe.skipIf(!fs.existsSync(WAREHOUSE))("GET /api/trends", () => {
  beforeAll(() => {
    process.env.WAREHOUSE_PATH = WAREHOUSE;
  });
  afterAll(() => {
    closeWarehouse();
    delete process.env.WAREHOUSE_PATH;
  });
  beforeEach(() => {
    access.value = { signedIn: true, allowed: true };
  });

  it("refuses anonymous and Free callers with 403 pro_required", async () => {
    access.value = { signedIn: false, allowed: false };
    const anonymous = await get("reporter=deu&from=2017&to=2018");
    expect(anonymous.status).toBe(403);
    expect((await anonymous.json()).error).toMatchObject({ code: "pro_required", message: expect.stringContaining("sign in") });
    access.value = { signedIn: true, allowed: false };
    const free = await get("reporter=deu&from=2017&to=2018");
    expect(free.status).toBe(403);
    expect((await free.json()).error.message).toContain("Free plan");
  });

  it("answers a PRO caller with the ranking, the margins and the movers", async () => {
    const period = (await defaultSelection({ by: "products", depth: "hs4", flow: "export" }))!;
    const response = await get(`reporter=deu&from=${period.from}&to=${period.to}&locale=es`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.reporter).toMatchObject({ kind: "country", id: "deu", name: "Alemania" });
    expect(body.rows.length).toBeGreaterThan(0);
    expect(body.rows[0].change).toBeGreaterThanOrEqual(body.rows[1].change);
    expect(body.margins.gained + body.margins.lost + body.margins.intensive).toBe(body.margins.total);
    expect(body.series.length).toBeGreaterThan(0);
  });

  it("says what is wrong with bad input, as 4xx JSON", async () => {
    const period = (await defaultSelection({ by: "products", depth: "hs4", flow: "export" }))!;
    const cases: [string, number, string][] = [
      [`reporter=zzz&from=${period.from}&to=${period.to}`, 404, "unknown_reporter"],
      [`reporter=deu&from=${period.to}&to=${period.to}`, 400, "invalid_parameter"],
      [`reporter=deu&from=${period.to}&to=${period.from}`, 400, "invalid_parameter"],
      [`reporter=deu&from=1901&to=${period.to}`, 400, "year_not_in_data"],
      [`reporter=deu&to=${period.to}`, 400, "invalid_parameter"],
      [`reporter=deu&from=${period.from}&to=${period.to}&sort=drop%20table`, 400, "invalid_parameter"],
      [`reporter=deu&from=${period.from}&to=${period.to}&locale=fr`, 400, "invalid_parameter"],
      [`reporter=${"x".repeat(3000)}`, 414, "query_too_long"],
      [`reporter=%27%3B--&from=${period.from}&to=${period.to}`, 400, "invalid_parameter"],
    ];
    for (const [query, status, code] of cases) {
      const response = await get(query);
      expect(response.status, query.slice(0, 60)).toBe(status);
      expect((await response.json()).error.code, query.slice(0, 60)).toBe(code);
    }
  });
});
