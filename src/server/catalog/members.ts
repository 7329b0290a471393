/**
 * Members (countries, sections, products, provinces) with their names in a language, as pages see
 * them. Pages never import src/server/warehouse (eslint.config.mjs); they ask here.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { getMembers, type Member, type MemberKind } from "@/server/warehouse/client";

export { getMembers, type Member, type MemberKind };

/** Member kinds of the levels a bulk file can be split by (a file per country or chapter). */
const LEVEL_KIND: Record<string, MemberKind> = { Country: "country", "Exporter Country": "country", HS2: "hs2" };

/** Names by id of the members of the level a file is split by; empty when the level has no member names. */
export async function memberNamesOfLevel(level: string | undefined, locale: Locale): Promise<Map<string, string>> {
  const kind = level ? LEVEL_KIND[level] : undefined;
  if (!kind) return new Map();
  return new Map((await getMembers(kind, locale)).map((m) => [String(m.id), m.name]));
}
