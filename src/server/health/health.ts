/**
 * GET /api/health, for load balancers and operators: is this node able to answer (the app database
 * reachable, migrated), which warehouse generation it serves, and whether it is shutting down.
 * 200 when it can take traffic; 503 when the database is unreachable or the node is draining.
 */
import "server-only";
import { getDb } from "@/server/db/client";
import { warehouseMeta } from "@/server/warehouse/db";
import { generationOf } from "@/domain/bulk/bulk";

const state = globalThis as unknown as { __otoDraining?: boolean; __otoWarming?: boolean };

/**
 * While the server renders its most asked pages after a start (scripts/serve.ts), health says
 * "warming" (503): a balancer sends it traffic only once the first visitors would meet warm pages.
 */
export function setWarming(warming: boolean): void {
  state.__otoWarming = warming;
}

/** Called on SIGTERM: the health check fails from now on, so the balancer stops sending traffic. */
export function startDraining(): void {
  state.__otoDraining = true;
}

export function isDraining(): boolean {
  return state.__otoDraining === true;
}

export interface Health {
  status: "ok" | "draining" | "warming" | "unavailable";
  database: { dialect: string; ok: boolean; error?: string };
  warehouse: { available: boolean; generation: string | null; builtAt: string | null };
  uptimeSeconds: number;
}

export async function health(): Promise<{ status: number; body: Health }> {
  let database: Health["database"];
  try {
    const db = getDb();
    database = { dialect: db.dialect, ok: true };
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([db.ping(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("no answer in 3 s")), 3000)))]);
    } finally {
      clearTimeout(timer);
    }
  } catch (error) {
    database = { dialect: "unknown", ok: false, error: (error as Error).message.slice(0, 200) };
  }
  let warehouse: Health["warehouse"] = { available: false, generation: null, builtAt: null };
  try {
    const meta = await warehouseMeta();
    if (meta) warehouse = { available: true, generation: generationOf(meta.build.fingerprint ?? ""), builtAt: meta.build.built_at ?? null };
  } catch {
    // A missing warehouse leaves the node up (the pages say so); it is reported, not fatal.
  }
  const status: Health["status"] = isDraining() ? "draining" : !database.ok ? "unavailable" : state.__otoWarming ? "warming" : "ok";
  return { status: status === "ok" ? 200 : 503, body: { status, database, warehouse, uptimeSeconds: Math.round(process.uptime()) } };
}
