import "server-only";
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { REPORTS, VARIANTS, type MemberKind } from "@/domain/explorer/reports";
import type { ReportMetadata } from "@/domain/explorer/types";
import { parseReportId, parseVariantIds } from "@/domain/explorer/variants";
import { isLocale, type Locale } from "@/domain/i18n/locales";
import { globeSvg, labelSvg, sectionIconSvg } from "@/domain/memberImages";
import { loadMessages } from "@/i18n/messages";
import { jsonError } from "@/server/http/jsonError";
import { getMembers, warehouseStatus, type Member } from "@/server/warehouse/client";
import { LruCache } from "@/server/warehouse/cache";
import { flagFile, profileIndex } from "./build";
import type { Entity, Labels, ProfileIndex } from "./engine";

const MAX_QUERY_CHARS = 200;

const labelCache = new Map<Locale, Promise<Labels>>();
/** Search answers by canonical request, for the index they came from: people type the same prefixes. */
const answers = new LruCache<{ index: ProfileIndex; body: string }>(2_000, 16 * 1024 * 1024);

function labelsFor(locale: Locale): Promise<Labels> {
  let labels = labelCache.get(locale);
  if (!labels) labelCache.set(locale, (labels = readLabels(locale)));
  return labels;
}

/** Report, dimension and variant names from the explorer's messages (plain JSON, no request scope). */
async function readLabels(locale: Locale): Promise<Labels> {
  const { explorer, subnational } = await loadMessages(locale);
  // Subnational countries without a report name of the explorer's own are named by the subnational messages.
  const sub = subnational as { reportNames?: Record<string, string>; region?: string } | undefined;
  const reportNames: Record<string, string> = { ...Object.fromEntries(Object.entries(sub?.reportNames ?? {}).map(([code, name]) => [`subnational_${code}`, name])), ...explorer.reports };
  const pick = (table: Record<string, string>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, table[k] ?? k]));
  return {
    reports: pick(reportNames, REPORTS.map((r) => r.slug)),
    dimensions: pick({ region: sub?.region ?? "Region", ...explorer.dimensions }, [...new Set(REPORTS.flatMap((r) => r.dimensions.map((d) => d.key)))]),
    variants: pick({ [String(VARIANTS.region.id)]: sub?.region ?? "Region", ...explorer.variants }, Object.values(VARIANTS).map((v) => String(v.id))),
  };
}

function localeParam(url: URL): Locale | Response {
  const locale = url.searchParams.get("locale") ?? "en";
  return isLocale(locale) ? locale : jsonError(400, "invalid_parameter", "locale: must be one of en, es, zh.");
}

async function indexOr503() {
  try {
    return await profileIndex();
  } catch (error) {
    const status = warehouseStatus();
    console.error(`[search] index unavailable: ${(error as Error).message}`);
    return jsonError(503, "no_data", `The search index needs the trade warehouse (${status.path}); data packages were looked for in: ${status.lookedIn.join(", ")}.`);
  }
}

/** GET /api/cms/read/metadata: reports with their dimensions and variants (spec section 7, call 1). */
export async function handleMetadata(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const locale = localeParam(url);
  if (locale instanceof Response) return locale;
  const index = await indexOr503();
  if (index instanceof Response) return index;
  const labels = await labelsFor(locale);
  const counts = index.counts();
  const body: ReportMetadata[] = [];
  for (const report of REPORTS) {
    // Members per dimension variant: the distinct members that appear there.
    const perVariant = report.dimensions.map(() => new Map<number, number>());
    let any = false;
    for (const [key, count] of counts) {
      const [slug, variantKey] = key.split("|");
      if (slug !== report.slug || count === 0) continue;
      any = true;
      variantKey.split(",").forEach((id, d) => perVariant[d]?.set(Number(id), 0));
    }
    if (!any) continue;
    const distinct = index.distinctMembers(report.slug);
    body.push({
      id: report.id,
      name: labels.reports[report.slug],
      slug: report.slug,
      dimensions: report.dimensions.map((dimension, d) => ({
        name: labels.dimensions[dimension.key],
        variants: dimension.variants
          .filter((v) => perVariant[d].has(v.id))
          .map((v) => ({ id: v.id, name: labels.variants[String(v.id)], ordering: v.ordering, members_count: distinct[d]?.get(v.id) ?? 0 })),
      })),
    });
  }
  return Response.json(body, { headers: { "Cache-Control": "public, max-age=300" } });
}

const bool = z.enum(["true", "false"]).optional();
const searchSchema = z.object({
  query: z.string().max(MAX_QUERY_CHARS, `at most ${MAX_QUERY_CHARS} characters`).default(""),
  format: z.literal("profiles").default("profiles"),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  visible: bool,
  includes: bool,
  noImage: bool,
  all: bool,
  origin: z.string().max(32).optional(),
});

/** GET /api/cms/search/reports (spec section 7, call 2). */
export async function handleSearch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.search.length > 4096) return jsonError(414, "query_too_long", "The query string may be at most 4096 characters.");
  const locale = localeParam(url);
  if (locale instanceof Response) return locale;
  const single = (name: string) => url.searchParams.get(name) ?? undefined;
  const parsed = searchSchema.safeParse({
    query: single("query"),
    format: single("format"),
    limit: single("limit"),
    offset: single("offset"),
    visible: single("visible"),
    includes: single("includes"),
    noImage: single("noImage"),
    all: single("all"),
    origin: single("origin"),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return jsonError(400, "invalid_parameter", `${issue.path.join(".")}: ${issue.message}`);
  }
  const list = (name: string) => [...url.searchParams.getAll(name), ...url.searchParams.getAll(`${name}[]`)];
  const rawVariants = list("variant");
  if (rawVariants.some((v) => v.trim() && parseVariantIds(v).length === 0)) {
    return jsonError(400, "invalid_parameter", "variant: variant ids are whole numbers, optionally comma-separated.");
  }
  const variants = rawVariants.flatMap(parseVariantIds);
  // Spec section 5: a report id that is not a number is ignored.
  const reports = list("report").map(parseReportId).filter((id): id is number => id !== null);
  if (list("dimension").some((d) => d.trim() && !/^\d+$/.test(d.trim()))) {
    return jsonError(400, "invalid_parameter", "dimension: dimension ids are whole numbers.");
  }
  const index = await indexOr503();
  if (index instanceof Response) return index;
  const headers = { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" };
  const key = JSON.stringify([parsed.data.query.trim().toLowerCase(), locale, parsed.data.limit, parsed.data.offset, reports, variants]);
  const cached = answers.get(key);
  if (cached && cached.index === index) return new Response(cached.body, { headers: { ...headers, "X-Cache": "hit" } });
  const body = JSON.stringify(index.query({ query: parsed.data.query, locale, limit: parsed.data.limit, offset: parsed.data.offset, reports, variants }, await labelsFor(locale)));
  answers.set(key, { index, body }, body.length);
  return new Response(body, { headers: { ...headers, "X-Cache": "miss" } });
}

const IMAGE_HEADERS = { "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" };

/** GET /api/cms/member-image?member=country:chl&size=thumb (spec section 7, call 3). */
export async function handleMemberImage(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const member = url.searchParams.get("member") ?? "";
  const size = url.searchParams.get("size") ?? "thumb";
  if (size !== "thumb" && size !== "full") return jsonError(400, "invalid_parameter", "size: must be thumb or full.");
  // Ids: codes and slugs; a subnational member's is "{country}/{level}/{member}" ("aus/states/AU.NS").
  const match = /^([a-z0-9]+):([a-z0-9-]{1,12}|[a-z]{3}\/[a-z]{1,20}\/[a-z0-9][a-z0-9._-]{0,39})$/i.exec(member);
  if (!match) return jsonError(400, "invalid_parameter", "member: expected {kind}:{id}, for example country:chl.");
  const index = await indexOr503();
  if (index instanceof Response) return index;
  const kind = match[1] as MemberKind;
  const entity = index.entity(kind, match[2]) ?? (kind === "country" ? await countryWithoutProfile(index, match[2].toLowerCase()) : undefined);
  if (!entity) return jsonError(404, "not_found", `No member ${member}.`);
  const px = size === "thumb" ? 160 : 480;
  const svg = (body: string) => new Response(body, { headers: { ...IMAGE_HEADERS, "Content-Type": "image/svg+xml; charset=utf-8" } });
  const image = entity.image ?? {};
  if (image.flag) {
    const file = flagFile(image.flag);
    if (file) return svg(await readFile(file, "utf8"));
  }
  if (image.section) return svg(sectionIconSvg(image.section, image.color, px));
  if (entity.kind === "world" || entity.kind === "continent") return svg(globeSvg(image.color ?? "#0ca678", px));
  // No flag (flag-icons lacks the code, or a former country): the code on a neutral tile.
  return svg(labelSvg(entity.kind === "organization" ? entity.id.replace(/-.*/, "") : entity.id, image.color ?? "#495057", px));
}

/** The warehouse's country table by id, once per index (rankings and old data name countries that have no profile). */
const countryTables = new WeakMap<ProfileIndex, Promise<Map<string, Member>>>();

/**
 * The image of a country code the index has no profile for: a legacy code is its country's
 * ("rom", alias_of "rou": Romania's flag); another country of the warehouse's table shows its flag
 * or, without one, its code on a neutral tile. Codes the table does not know stay a 404.
 */
async function countryWithoutProfile(index: ProfileIndex, id: string): Promise<Entity | undefined> {
  const known = index.entitiesOf(["country"]).find((e) => e.codes?.includes(id));
  if (known) return known;
  let table = countryTables.get(index);
  if (!table) {
    table = getMembers("country", "en").then((members) => new Map(members.map((m) => [String(m.id), m])));
    table.catch(() => countryTables.delete(index));
    countryTables.set(index, table);
  }
  const countries = await table.catch(() => new Map<string, Member>());
  const row = countries.get(id);
  if (!row) return undefined;
  const alias = typeof row.attributes.alias_of === "string" ? countries.get(row.attributes.alias_of) : undefined;
  const iso2 = [row.attributes.iso2, alias?.attributes.iso2].find((c): c is string => typeof c === "string" && c.length === 2)?.toLowerCase();
  return { kind: "country", id, names: { en: row.name, es: row.name, zh: row.name }, weight: 0, image: iso2 && flagFile(iso2) ? { flag: iso2 } : { color: null } };
}
