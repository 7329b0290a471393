/**
 * The bulk files as the site serves them: the export's datapackage.json (read once per file
 * change), and GET/HEAD /api/bulk/{generation}/{path} streaming a listed file with its length,
 * byte ranges, an ETag from its SHA-256, and the PREMIUM check for national and per-chapter files.
 * Only paths the data package lists are ever opened, so no request can name another file. The
 * production server answers these paths itself (serveBulk) so the length reaches the client.
 */
import "server-only";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { bulkUrl, canDownloadPremium, generationOf, GENERATION_PATTERN, isPremiumTier, parseRange, type BulkPackage, type BulkResource } from "@/domain/bulk/bulk";
import { matches } from "@/server/http/etag";
import { jsonError } from "@/server/http/jsonError";
import { cookieJar } from "@/server/auth/cookieJar";
import { sessionFromToken, sessionTokenFrom } from "@/server/auth/session";
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

/**
 * The role of whoever asks: the session's user (from the request's own cookies, so the answer is
 * the same inside Next.js and in the front door), else the owner of the API key sent.
 */
async function requesterRole(headers: Headers): Promise<number | null> {
  const session = await sessionFromToken(sessionTokenFrom(cookieJar(headers.get("cookie"))));
  if (session) return session.row.role;
  const key = presentedKey(Object.fromEntries(headers));
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

/** What a bulk request is answered with: a small answer, or bytes `start`..`end` of a listed file. */
type BulkAnswer =
  | { kind: "response"; response: Response }
  | { kind: "file"; status: 200 | 206; headers: Record<string, string>; file: string; start: number; end: number; size: number; head: boolean };

/** Decides the answer to GET or HEAD /api/bulk/{segments}: every check, no bytes read yet. */
async function answerBulk(method: string, segments: string[], headers: Headers): Promise<BulkAnswer> {
  const respond = (response: Response): BulkAnswer => ({ kind: "response", response });
  const head = method === "HEAD";
  if (segments.length === 1 && segments[0] === "datapackage.json") {
    const { generation, pkg } = await currentBulk();
    if (!generation || !pkg) return respond(jsonError(404, "not_exported", "The bulk files have not been exported for this warehouse yet (npm run data:export)."));
    return respond(new Response(null, { status: 307, headers: { Location: bulkUrl(generation, "datapackage.json"), "Cache-Control": "no-store" } }));
  }
  const [generation, ...rest] = segments;
  if (!generation || !GENERATION_PATTERN.test(generation) || rest.length === 0 || rest.some((s) => s.length > 120)) {
    return respond(jsonError(404, "not_found", "No such file: see /api/bulk/datapackage.json for the list."));
  }
  const root = exportRoot();
  const exported = bulkPackageFile(generation, root);
  const pkg = exported?.pkg;
  if (!exported || !pkg) {
    const { generation: current } = await currentBulk();
    const gone = Boolean(current && current !== generation);
    return respond(jsonError(gone ? 410 : 404, gone ? "generation_gone" : "not_found", `These files are not served any more; the current list is at /api/bulk/datapackage.json.`));
  }
  const wanted = rest.join("/");
  const immutable = "public, max-age=31536000, immutable";
  if (wanted === "datapackage.json") {
    const body = exported.text;
    return respond(new Response(head ? null : new Uint8Array(body), { headers: { "Content-Type": "application/json; charset=utf-8", "Content-Length": String(body.length), "Cache-Control": immutable } }));
  }
  const resource = pkg.resources.find((r) => r.path === wanted);
  if (!resource) return respond(jsonError(404, "not_found", "No such file in this export: see its datapackage.json."));
  const privateFile = isPremiumTier(resource.tier);
  if (privateFile) {
    const role = await requesterRole(headers);
    if (role === null) return respond(jsonError(401, "sign_in_required", "This file is part of PREMIUM: sign in (or send an API key of a PREMIUM account)."));
    if (!canDownloadPremium(role)) return respond(jsonError(403, "premium_required", "This file is part of PREMIUM; your account does not include it. See /subscription."));
  }
  const file = path.join(/*turbopackIgnore: true*/ root, generation, resource.path);
  if (!existsSync(file)) return respond(jsonError(404, "not_found", "The file is listed but missing on this server; re-run npm run data:export."));
  const size = statSync(file).size;
  const etag = etagOf(resource);
  const out: Record<string, string> = {
    "Content-Type": resource.format === "csv" ? "application/gzip" : "application/vnd.apache.parquet",
    "Content-Disposition": `attachment; filename="${downloadName(resource)}"`,
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Cache-Control": privateFile ? "private, no-cache" : immutable,
    "Repr-Digest": `sha-256=:${Buffer.from(resource.hash.replace(/^sha256:/, ""), "hex").toString("base64")}:`,
    "X-Row-Count": String(resource.rows),
  };
  if (matches(headers.get("if-none-match"), etag)) return respond(new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": out["Cache-Control"]! } }));
  const ifRange = headers.get("if-range");
  const range = ifRange && ifRange !== etag ? null : parseRange(headers.get("range"), size);
  if (range === "unsatisfiable") return respond(new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}`, "Accept-Ranges": "bytes" } }));
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  out["Content-Length"] = String(size === 0 ? 0 : end - start + 1);
  if (range) out["Content-Range"] = `bytes ${start}-${end}/${size}`;
  return { kind: "file", status: range ? 206 : 200, headers: out, file, start, end, size, head };
}

/** GET and HEAD /api/bulk/... as a route handler (Next.js; tests). */
export async function handleBulkRequest(request: Request, segments: string[]): Promise<Response> {
  const answer = await answerBulk(request.method, segments, request.headers);
  if (answer.kind === "response") return answer.response;
  const { status, headers, file, start, end, size, head } = answer;
  const body = head || size === 0 ? null : (Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body, { status, headers });
}

/** Headers next.config.ts gives every answer; the front door's bulk answers bypass Next.js, so they carry them here. */
const SITE_HEADERS: Record<string, string> = { "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin" };

/**
 * GET and HEAD /api/bulk/... answered on Node's own response, for the production server
 * (scripts/serve.ts, in front of Next.js). Next.js drops `Content-Length` from every route
 * handler's answer (its send-response strips it and streams chunked; a HEAD gets none), and a
 * remote Parquet reader (pyarrow/fsspec, DuckDB's httpfs) needs the length to seek: here the
 * length goes out on GET and HEAD, with ranges and conditional requests as in the route handler.
 * Resolves false for any other path (left to Next.js).
 */
export async function serveBulk(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const method = req.method ?? "GET";
  const pathname = (req.url ?? "/").split("?")[0]!;
  if ((method !== "GET" && method !== "HEAD") || !pathname.startsWith("/api/bulk/")) return false;
  let segments: string[];
  try {
    segments = pathname.slice("/api/bulk/".length).split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    segments = [];
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  const answer = await answerBulk(method, segments, headers);
  for (const [name, value] of Object.entries(SITE_HEADERS)) if (!res.hasHeader(name)) res.setHeader(name, value);
  if (answer.kind === "response") {
    const body = Buffer.from(await answer.response.arrayBuffer());
    const out = Object.fromEntries(answer.response.headers);
    if (!("content-length" in out) && answer.response.status !== 304) out["content-length"] = String(body.length);
    res.writeHead(answer.response.status, out);
    res.end(method === "HEAD" ? undefined : body);
    return true;
  }
  res.writeHead(answer.status, answer.headers);
  if (answer.head || answer.size === 0) {
    res.end();
    return true;
  }
  const stream = createReadStream(answer.file, { start: answer.start, end: answer.end });
  // A client that leaves mid-download closes the file; an error reading it ends the answer short.
  res.once("close", () => stream.destroy());
  stream.once("error", () => res.destroy());
  stream.pipe(res);
  return true;
}
