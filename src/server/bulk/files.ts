/**
 * The bulk files as the site serves them: the export's datapackage.json (read once per file
 * change), and GET/HEAD /api/bulk/{generation}/{path} streaming a listed file with byte ranges,
 * an ETag from its SHA-256, and the PREMIUM check for national and per-chapter files. Only paths
 * the data package lists are ever opened, so no request can name another file.
 */
import "server-only";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { bulkUrl, canDownloadPremium, generationOf, GENERATION_PATTERN, isPremiumTier, parseRange, type BulkPackage, type BulkResource } from "@/domain/bulk/bulk";
import { matches } from "@/server/http/etag";
import { jsonError } from "@/server/http/jsonError";
import { currentSession } from "@/server/auth/session";
import { findUserById } from "@/server/auth/users";
import { presentedKey } from "@/server/front/apiMeter";
import { findActiveApiKey } from "@/server/api/keys";
import { warehouseMeta } from "@/server/warehouse/db";
import { exportRoot } from "./export";

const cache = new Map<string, { mtimeMs: number; pkg: BulkPackage; text: Buffer }>();

/** The data package of one export generation, or null when that export does not exist. */
export function bulkPackage(generation: string, root = exportRoot()): BulkPackage | null {
  return bulkPackageFile(generation, root)?.pkg ?? null;
}

/** The package and its file's bytes (served as they are), read again only when the file changes. */
function bulkPackageFile(generation: string, root: string): { pkg: BulkPackage; text: Buffer } | null {
  if (!GENERATION_PATTERN.test(generation)) return null;
  const file = path.join(/*turbopackIgnore: true*/ root, generation, "datapackage.json");
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    cache.delete(file);
    return null;
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit;
  const text = readFileSync(file);
  const entry = { mtimeMs, pkg: JSON.parse(text.toString("utf8")) as BulkPackage, text };
  cache.set(file, entry);
  return entry;
}

/** The current warehouse's generation and its export (null package: not exported yet). */
export async function currentBulk(): Promise<{ generation: string | null; pkg: BulkPackage | null }> {
  const meta = await warehouseMeta();
  const generation = meta ? generationOf(meta.build.fingerprint ?? "") : null;
  return { generation, pkg: generation ? bulkPackage(generation) : null };
}

/** The role of whoever asks: the session's user, else the owner of the API key sent. */
async function requesterRole(request: Request): Promise<number | null> {
  const session = await currentSession();
  if (session) return session.row.role;
  const key = presentedKey(Object.fromEntries(request.headers));
  if (!key) return null;
  const found = await findActiveApiKey(key);
  return found ? ((await findUserById(found.userId))?.role ?? null) : null;
}

function etagOf(resource: Pick<BulkResource, "hash">): string {
  return `"${resource.hash.replace(/^sha256:/, "").slice(0, 40)}"`;
}

function downloadName(resource: BulkResource): string {
  return `${resource.cube}_${resource.year ?? resource.member?.id ?? "all"}.${resource.format === "csv" ? "csv.gz" : "parquet"}`;
}

/** GET and HEAD /api/bulk/... */
export async function handleBulkRequest(request: Request, segments: string[]): Promise<Response> {
  const head = request.method === "HEAD";
  if (segments.length === 1 && segments[0] === "datapackage.json") {
    const { generation, pkg } = await currentBulk();
    if (!generation || !pkg) return jsonError(404, "not_exported", "The bulk files have not been exported for this warehouse yet (npm run data:export).");
    return new Response(null, { status: 307, headers: { Location: bulkUrl(generation, "datapackage.json"), "Cache-Control": "no-store" } });
  }
  const [generation, ...rest] = segments;
  if (!generation || !GENERATION_PATTERN.test(generation) || rest.length === 0 || rest.some((s) => s.length > 120)) {
    return jsonError(404, "not_found", "No such file: see /api/bulk/datapackage.json for the list.");
  }
  const root = exportRoot();
  const exported = bulkPackageFile(generation, root);
  const pkg = exported?.pkg;
  if (!exported || !pkg) {
    const { generation: current } = await currentBulk();
    return jsonError(current && current !== generation ? 410 : 404, current && current !== generation ? "generation_gone" : "not_found", `These files are not served any more; the current list is at /api/bulk/datapackage.json.`);
  }
  const wanted = rest.join("/");
  const immutable = "public, max-age=31536000, immutable";
  if (wanted === "datapackage.json") {
    const body = exported.text;
    return new Response(head ? null : new Uint8Array(body), { headers: { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(body.length), "Cache-Control": immutable } });
  }
  const resource = pkg.resources.find((r) => r.path === wanted);
  if (!resource) return jsonError(404, "not_found", "No such file in this export: see its datapackage.json.");
  const privateFile = isPremiumTier(resource.tier);
  if (privateFile) {
    const role = await requesterRole(request);
    if (role === null) return jsonError(401, "sign_in_required", "This file is part of PREMIUM: sign in (or send an API key of a PREMIUM account).");
    if (!canDownloadPremium(role)) return jsonError(403, "premium_required", "This file is part of PREMIUM; your account does not include it. See /subscription.");
  }
  const file = path.join(/*turbopackIgnore: true*/ root, generation, resource.path);
  if (!existsSync(file)) return jsonError(404, "not_found", "The file is listed but missing on this server; re-run npm run data:export.");
  const size = statSync(file).size;
  const etag = etagOf(resource);
  const headers: Record<string, string> = {
    "Content-Type": resource.format === "csv" ? "application/gzip" : "application/vnd.apache.parquet",
    "Content-Disposition": `attachment; filename="${downloadName(resource)}"`,
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Cache-Control": privateFile ? "private, no-cache" : immutable,
    "Repr-Digest": `sha-256=:${Buffer.from(resource.hash.replace(/^sha256:/, ""), "hex").toString("base64")}:`,
    "X-Row-Count": String(resource.rows),
  };
  if (matches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": headers["Cache-Control"]! } });
  const ifRange = request.headers.get("if-range");
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}`, "Accept-Ranges": "bytes" } });
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  headers["Content-Length"] = String(size === 0 ? 0 : end - start + 1);
  if (range) headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
  const body = head || size === 0 ? null : (Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body, { status: range ? 206 : 200, headers });
}
