/**
 * An international organisation's profile (/international_organization/{id}), loaded as meaning:
 * its members' exports in a chosen year, split into trade among the members (intra-bloc) and with
 * the rest of the world (extra-bloc), its partners outside the bloc, its sections and HS4 products,
 * and the history of its exports with the same split over every year the catalogue holds partner
 * detail for. Each block is of one dataset and year and says so; the page names no cube or level.
 * Membership is today's, applied to every year (the page says so).
 */
import "server-only";
import { UNKNOWN_COLOR } from "@/domain/charts/presentation";
import { cache } from "react";
import { seriesBreaks, type YearSource } from "@/domain/catalog/catalog";
import { provenanceOf, type Provenance } from "@/domain/catalog/figure";
import type { Locale } from "@/domain/i18n/locales";
import { findOrganization } from "@/domain/organizations";
import { blocHistory, blocSplit, extraBlocPartners, type BlocYear } from "@/domain/profiles/bloc";
import { chooseYear } from "@/domain/profiles/yearChoice";
import { tradeYears } from "@/server/catalog/catalog";
import { getMembers, type DataRecord } from "@/server/warehouse/client";
import { total, value } from "./data";
import { loadAcross, loadYear } from "./sources";

export interface NamedValue {
  id: string;
  name: string;
  value: number;
  /** Drawing colour (a partner's continent, a product's section). */
  color: string;
  /** Parent member (a partner's continent, a product's section). */
  group: string | null;
}

export interface Block<Row = NamedValue> {
  rows: Row[];
  total: number;
  apiUrl: string;
  csvUrl: string;
}

export interface OrganizationData {
  members: string[];
  /** Years with partner detail (the year choice of the bloc's trade). */
  years: number[];
  chosen: Provenance;
  missing: number | null;
  /** Exports by member, the chosen year. */
  memberExports: Block;
  /** Of the chosen year and dataset: exports (the members' total), imports, and the exports' intra/extra split. */
  totals: { exports: number; imports: number; intra: number; extra: number };
  /** Destinations outside the bloc, largest first, with the continents they fall in. */
  partners: Block & { groups: { id: string; name: string; color: string }[] };
  sections: Block;
  /** HS4 products of the members' exports, from one dataset and year (their own year choice). */
  products: (Block & { years: number[]; chosen: Provenance; missing: number | null; sections: { id: string; name: string; color: string }[] }) | null;
  history: { points: (BlocYear & Provenance)[]; breaks: number[]; apiUrl: string; csvUrl: string };
}

const UNKNOWN = UNKNOWN_COLOR;
const yearOf = (r: DataRecord) => Number(r["Year ID"] ?? r.Year);

const palettes = cache(async (locale: Locale) => {
  const [countries, continents, sections] = await Promise.all([getMembers("country", locale), getMembers("continent", locale), getMembers("section", locale)]);
  const continentColor = new Map(continents.map((c) => [String(c.id), c.color ?? UNKNOWN]));
  return {
    continents: continents.map((c) => ({ id: String(c.id), name: c.name, color: c.color ?? UNKNOWN })),
    country: new Map(countries.map((c) => [String(c.id), { group: c.parentId === null ? null : String(c.parentId), color: continentColor.get(String(c.parentId)) ?? UNKNOWN }])),
    section: new Map(sections.map((s) => [String(s.id), { name: s.name, color: s.color ?? UNKNOWN }])),
  };
});

function named(rows: DataRecord[], level: string, colour: (id: string, row: DataRecord) => { group: string | null; color: string }): NamedValue[] {
  return rows
    .filter((r) => value(r) > 0)
    .map((r) => {
      const id = String(r[`${level} ID`]);
      return { id, name: String(r[level] ?? id), value: value(r), ...colour(id, r) };
    });
}

/** The organisation's trade in the asked year (or the newest, with a note); products in `productYear` when HS4 data hold it. */
export async function loadOrganization(id: string, locale: Locale, asked?: number, productYear?: number): Promise<OrganizationData | null> {
  const organization = findOrganization(id);
  if (!organization) return null;
  const members = organization.members;
  const [sectionYears, hs4Years, colours] = await Promise.all([tradeYears({ depth: "section", bilateral: true }), tradeYears({ depth: "hs4", flow: "export" }), palettes(locale)]);
  const { chosen, missing } = chooseYear(sectionYears, asked);
  if (!chosen) return null;
  const byCountry = (cid: string) => colours.country.get(cid) ?? { group: null, color: UNKNOWN };
  const bySection = (sid: string) => ({ group: null, color: colours.section.get(sid)?.color ?? UNKNOWN });
  // Products: ?productYear= when held, else the bloc's year when HS4 data hold it, else the newest HS4 year.
  const productChoice = productYear !== undefined ? chooseYear(hs4Years, productYear) : hs4Years.some((y) => y.year === chosen.year) ? chooseYear(hs4Years, chosen.year) : chooseYear(hs4Years);
  const [memberExports, imports, partners, sections, products, historyTotal, historyIntra] = await Promise.all([
    loadYear(chosen, { flow: "export", own: members, drilldowns: ["Country"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    loadYear(chosen, { flow: "import", own: members, drilldowns: ["Year"] }, locale),
    loadYear(chosen, { flow: "export", own: members, drilldowns: ["Partner"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    loadYear(chosen, { flow: "export", own: members, drilldowns: ["Section"], sort: [{ key: "Trade Value", direction: "desc" }] }, locale),
    productChoice.chosen
      ? loadYear(productChoice.chosen, { flow: "export", own: members, drilldowns: ["HS4"], parents: true, sort: [{ key: "Trade Value", direction: "desc" }] }, locale)
      : Promise.resolve(null),
    loadAcross(sectionYears, { flow: "export", own: members, drilldowns: ["Year"] }, locale),
    loadAcross(sectionYears, { flow: "export", own: members, partner: members, drilldowns: ["Year"] }, locale),
  ]);
  const partnerRows = named(partners.rows, "Partner", byCountry);
  const split = blocSplit(partnerRows, members);
  const exportsTotal = total(memberExports.rows);
  const outside = extraBlocPartners(partnerRows, members);
  const sourceOf = new Map<number, YearSource>(sectionYears.map((y) => [y.year, y]));
  const history = blocHistory(
    historyTotal.rows.map((r) => ({ year: yearOf(r), value: value(r) })),
    historyIntra.rows.map((r) => ({ year: yearOf(r), value: value(r) })),
  )
    .filter((y) => y.total > 0 && sourceOf.has(y.year))
    .map((y) => ({ ...y, ...provenanceOf(sourceOf.get(y.year)!) }));
  const productRows = products ? named(products.rows, "HS4", (_, r) => ({ group: String(r["Section ID"] ?? ""), color: bySection(String(r["Section ID"] ?? "")).color })) : [];
  const productSections = [...new Set(productRows.map((r) => r.group ?? ""))].map((sid) => ({ id: sid, name: colours.section.get(sid)?.name ?? sid, color: colours.section.get(sid)?.color ?? UNKNOWN }));
  return {
    members,
    years: sectionYears.map((y) => y.year),
    chosen: provenanceOf(chosen),
    missing,
    memberExports: { rows: named(memberExports.rows, "Country", byCountry), total: exportsTotal, apiUrl: memberExports.apiUrl, csvUrl: memberExports.csvUrl },
    totals: { exports: exportsTotal, imports: total(imports.rows), intra: split.intra, extra: split.extra },
    partners: { rows: outside, total: split.extra, groups: colours.continents.filter((c) => outside.some((r) => r.group === c.id)), apiUrl: partners.apiUrl, csvUrl: partners.csvUrl },
    sections: { rows: named(sections.rows, "Section", bySection), total: total(sections.rows), apiUrl: sections.apiUrl, csvUrl: sections.csvUrl },
    products:
      products && productChoice.chosen && productRows.length
        ? {
            rows: productRows,
            total: total(products.rows),
            apiUrl: products.apiUrl,
            csvUrl: products.csvUrl,
            years: hs4Years.map((y) => y.year),
            chosen: provenanceOf(productChoice.chosen),
            missing: productChoice.missing,
            sections: productSections,
          }
        : null,
    history: { points: history, breaks: seriesBreaks(history), apiUrl: historyTotal.apiUrl, csvUrl: historyTotal.csvUrl },
  };
}
