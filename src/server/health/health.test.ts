/**
 * Liveness against readiness (issue 41): a database outage or a warm-up keeps a node out of the
 * balancer's rotation (ready 503) but never makes a supervisor restart it (live 200); draining
 * fails both.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppDb } from "@/server/db/client";

process.env.APP_DB_PATH = ":memory:";

const { getDb, APP_DB } = await import("@/server/db/client");
const { heldValue } = await import("@/server/processState");
const { health, liveness, readiness, setWarming, startDraining, NODE_STATE } = await import("./health");

/** The process's database slot (processState): swapped for a refusing one while "down". */
const appDb = () => heldValue<{ db: AppDb }>(APP_DB)!;
let realDb: AppDb;

beforeAll(() => {
  realDb = getDb();
});

afterEach(() => {
  appDb().db = realDb;
  heldValue<{ draining: boolean }>(NODE_STATE)!.draining = false;
  setWarming(false);
});

function databaseDown() {
  const refused = () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
  appDb().db = { ...realDb, use: refused, tx: refused, ping: refused };
}

describe("health", () => {
  it("is live and ready when the database answers and the node is warm", async () => {
    expect((await liveness()).status).toBe(200);
    const ready = await readiness();
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: "ok", database: { dialect: "sqlite", ok: true } });
  });

  it("stays live but not ready while the database is unreachable, saying why", async () => {
    databaseDown();
    const live = await liveness();
    expect(live.status).toBe(200);
    expect(live.body.status).toBe("ok");
    const ready = await readiness();
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe("unavailable");
    expect(ready.body.database.error).toMatch(/ECONNREFUSED/);
    // /api/health keeps its meaning (readiness) for existing balancers.
    expect((await health()).status).toBe(503);
  });

  it("stays live but not ready while it warms its page cache", async () => {
    setWarming(true);
    const live = await liveness();
    expect(live.status).toBe(200);
    expect(live.body.warming).toBe(true);
    const ready = await readiness();
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe("warming");
  });

  it("fails both while draining, so the balancer and the supervisor let it go", async () => {
    startDraining();
    expect((await liveness()).status).toBe(503);
    expect((await liveness()).body.status).toBe("draining");
    expect((await readiness()).status).toBe(503);
    expect((await readiness()).body.status).toBe("draining");
  });
});

describe("health routes", () => {
  it("answer JSON, never cached", async () => {
    const live = await (await import("@/app/api/health/live/route")).GET();
    const ready = await (await import("@/app/api/health/ready/route")).GET();
    const legacy = await (await import("@/app/api/health/route")).GET();
    for (const response of [live, ready, legacy]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    expect(((await live.json()) as { status: string }).status).toBe("ok");
    expect(((await ready.json()) as { status: string }).status).toBe("ok");
  });
});
