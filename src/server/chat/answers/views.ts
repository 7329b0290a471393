/**
 * Where an answer points: profile links, the same view in the visualisation builder, and the chart
 * rows (coloured by the domain palette: sections, continents) built from warehouse records.
 */
import "server-only";
import type { ChartGroup, ChartRow } from "@/domain/charts/types";
import { colorOrGrey } from "@/domain/charts/presentation";
import type { YearSource } from "@/domain/catalog/catalog";
import { isProduct } from "@/domain/chat/parse";
import type { ChatContext, ChatEntity, ChatLink } from "@/domain/chat/types";
import { buildProfilePath, type ProductKind } from "@/domain/profiles/path";
import { type YearCoverage } from "@/domain/visualize/coverage";
import { ALL, isClassification, type GeoSlot, type ProductSlot, type TimeSelection, type VizState } from "@/domain/visualize/state";
import { buildVizPath } from "@/domain/visualize/urlCodec";
import { type VizMembers } from "@/server/visualize/members";
import { type DataRecord } from "@/server/warehouse/client";
import { num, str, type Translate } from "./shared";

// ---------------------------------------------------------------------------------------------
// Links, builder views

/** A profile's path on this site (ChatLink hrefs carry "/profile", without the locale). */
export const profileHref = (target: Parameters<typeof buildProfilePath>[0]): string => `/profile${buildProfilePath(target)}`;

export function profileLink(e: ChatEntity): ChatLink {
  if (e.kind === "world") return { label: e.name, href: profileHref({ report: "world", id: "wld" }) };
  if (e.kind === "organization") return { label: e.name, href: profileHref({ report: "international_organization", id: e.id }) };
  if (e.kind === "country" || e.kind === "continent") return { label: e.name, href: profileHref({ report: "country", kind: e.kind, id: e.id }) };
  return { label: e.name, href: profileHref({ report: "hs", product: { kind: e.kind as ProductKind, id: e.id } }) };
}

export function linksFor(ctx: Pick<ChatContext, "places" | "product">, t: Translate): ChatLink[] {
  const links = [...ctx.places, ...(ctx.product ? [ctx.product] : [])].map(profileLink);
  const [a, b] = ctx.places;
  if (a?.kind === "country" && b?.kind === "country") {
    links.push({ label: t("linkPair", { a: a.name, b: b.name }), href: profileHref({ report: "bilateral-country", reporter: a.id, partner: b.id }) });
  }
  if (a?.kind === "country" && ctx.product) {
    links.push({
      label: t("linkPair", { a: ctx.product.name, b: a.name }),
      href: profileHref({ report: "bilateral-product", product: { kind: ctx.product.kind as ProductKind, id: ctx.product.id }, reporter: a.id }),
    });
  }
  const seen = new Set<string>();
  return links.filter((l) => !seen.has(l.href) && seen.add(l.href));
}

export const geo = (e: ChatEntity | undefined | null): GeoSlot => (e?.kind === "country" ? { kind: "country", id: e.id } : ALL);

export function productSlot(product: ChatEntity | null, members: VizMembers, hs6Section?: string | null): ProductSlot {
  if (!product || !isProduct(product)) return ALL;
  const section =
    product.kind === "section"
      ? product.id
      : product.kind === "hs2"
        ? members.hs2.get(product.id)?.parent
        : product.kind === "hs4"
          ? members.hs4.get(product.id)?.parent
          : (members.hs6.get(product.id)?.parent ?? hs6Section);
  if (!section) return ALL;
  return { kind: "product", product: { level: product.kind as "section" | "hs2" | "hs4" | "hs6", code: product.id, section } };
}

export function builder(coverage: YearCoverage, source: YearSource | null, state: Omit<VizState, "classification"> & { classification?: string }): string {
  const classification = state.classification && isClassification(state.classification) ? state.classification : source?.classification && isClassification(source.classification) ? source.classification : (coverage.classifications[0] ?? "hs92");
  return buildVizPath({ ...state, classification } as VizState, coverage);
}

export const yearTime = (year: number): TimeSelection => ({ kind: "year", year });
export const rangeTime = (from: number, to: number): TimeSelection => (from === to ? yearTime(from) : { kind: "range", from, to });

// ---------------------------------------------------------------------------------------------
// Rows for charts

export function productRows(rows: DataRecord[], level: string, members: VizMembers): ChartRow[] {
  return rows.map((r) => {
    const id = str(r[`${level} ID`]);
    const section = level === "Section" ? id : str(r["Section ID"]) || (level === "HS4" ? (members.hs4.get(id)?.parent ?? "") : level === "HS2" ? (members.hs2.get(id)?.parent ?? "") : "");
    return {
      id,
      name: str(r[level]) || id,
      kind: level === "Section" ? "section" : (level.toLowerCase() as ChartRow["kind"]),
      color: colorOrGrey(members.sections.get(section)?.color),
      ...(level !== "Section" ? { group: section, groupName: members.sections.get(section)?.name ?? null } : {}),
      value: num(r["Trade Value"]),
      ...(level !== "Section" ? { code: id } : {}),
    };
  });
}

export function sectionGroups(rows: ChartRow[], members: VizMembers): ChartGroup[] {
  const wanted = new Set(rows.map((r) => r.group).filter(Boolean) as string[]);
  return [...members.sections.values()].filter((s) => wanted.has(s.id)).map((s) => ({ id: s.id, name: s.name, color: colorOrGrey(s.color), kind: "section" as const }));
}

export function countryRows(rows: DataRecord[], level: string, members: VizMembers, measure = "Trade Value"): ChartRow[] {
  return rows.map((r) => {
    const id = str(r[`${level} ID`]);
    const continent = members.countries.get(id)?.parent ?? null;
    return {
      id,
      name: str(r[level]) || members.countries.get(id)?.name || id,
      kind: "country" as const,
      color: colorOrGrey(continent ? members.continents.get(continent)?.color : null),
      group: continent,
      groupName: continent ? (members.continents.get(continent)?.name ?? null) : null,
      value: num(r[measure]),
      ...(r.Year !== undefined ? { year: Number(r.Year) } : {}),
    };
  });
}

export function continentGroups(rows: ChartRow[], members: VizMembers): ChartGroup[] {
  const wanted = new Set(rows.map((r) => r.group).filter(Boolean) as string[]);
  return [...members.continents.values()]
    .filter((c) => wanted.has(c.id))
    .map((c) => ({ id: c.id, name: c.name, color: colorOrGrey(c.color), kind: c.id === "xx" ? ("other" as const) : ("continent" as const) }));
}

/** The section of a product at a complexity set's level (HS4 or HS6). */
export function sectionOf(members: VizMembers, level: string, id: string): string {
  return (level === "HS6" ? members.hs6.get(id)?.parent : members.hs4.get(id)?.parent) ?? "";
}

export const productKind = (level: string): ChartRow["kind"] => (level === "HS6" ? "hs6" : level === "HS2" ? "hs2" : level === "Section" ? "section" : "hs4");
