/**
 * Health for load balancers, supervisors and operators, in two questions (docs/deploy.md):
 * - live (`/api/health/live`): can this process serve pages and data? 200 unless it is draining.
 *   Nothing shared is asked: a database outage must never make a supervisor restart every node.
 * - ready (`/api/health/ready`, and `/api/health` as before): should it get traffic now? Live,
 *   the app database reachable and migrated, and the page cache warmed after a start.
 * Both say which warehouse generation the node serves.
 */
import "server-only";
import { getDb } from "@/server/db/client";
import { publicCause } from "@/server/db/unavailable";
import { warehouseMeta } from "@/server/warehouse/db";
import { generationOf } from "@/domain/bulk/bulk";
import { processValue } from "@/server/processState";

/** This node's draining and warming, one for every bundle (processState). */
export const NODE_STATE = "health/health:node";
const state = processValue(NODE_STATE, () => ({ draining: false, warming: false }));

/**
 * While the server renders its most asked pages after a start (scripts/serve.ts), health says
 * "warming" (503): a balancer sends it traffic only once the first visitors would meet warm pages.
 */
export function setWarming(warming: boolean): void {
  state.warming = warming;
}

/** Called on SIGTERM: the health check fails from now on, so the balancer stops sending traffic. */
export function startDraining(): void {
  state.draining = true;
}

export function isDraining(): boolean {
  return state.draining;
}

export interface Health {
  status: "ok" | "draining" | "warming" | "unavailable";
  database: { dialect: string; ok: boolean; error?: string };
  warehouse: { available: boolean; generation: string | null; builtAt: string | null };
  uptimeSeconds: number;
}

async function warehouseState(): Promise<Health["warehouse"]> {
  try {
    const meta = await warehouseMeta();
    if (meta) return { available: true, generation: generationOf(meta.build.fingerprint ?? ""), builtAt: meta.build.built_at ?? null };
  } catch {
    // A missing warehouse leaves the node up (the pages say so); it is reported, not fatal.
  }
  return { available: false, generation: null, builtAt: null };
}

export interface Liveness {
  status: "ok" | "draining";
  warming: boolean;
  warehouse: Health["warehouse"];
  uptimeSeconds: number;
}

/** Liveness: the process answers; 503 only while it drains (SIGTERM). Never asks the database. */
export async function liveness(): Promise<{ status: number; body: Liveness }> {
  const draining = isDraining();
  return {
    status: draining ? 503 : 200,
    body: { status: draining ? "draining" : "ok", warming: state.warming, warehouse: await warehouseState(), uptimeSeconds: Math.round(process.uptime()) },
  };
}

/** Readiness: live, the app database answering, and warm. What `/api/health` has always answered. */
export const readiness = (): Promise<{ status: number; body: Health }> => health();

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
    // Codes only (anyone may read this); the node's log has the whole cause (waitForDatabase).
    database = { dialect: "unknown", ok: false, error: publicCause(error) };
  }
  const warehouse = await warehouseState();
  const status: Health["status"] = isDraining() ? "draining" : !database.ok ? "unavailable" : state.warming ? "warming" : "ok";
  return { status: status === "ok" ? 200 : 503, body: { status, database, warehouse, uptimeSeconds: Math.round(process.uptime()) } };
}
