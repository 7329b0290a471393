import { productSegment, type ProductRef } from "@/domain/profiles/path";
import { ALL_SUBNATIONAL_COUNTRIES, reportSlugOf } from "@/domain/subnational/config";
import type { MemberKind } from "@/domain/memberKind";

/**
 * The report (profile type) registry: config as data. Ids are stable numbers (the explorer's
 * report filter is numeric); variant ids follow the spec's tile labels (3 and 4 are countries,
 * 8 to 10 are HS2, HS4 and HS6).
 */
export type { MemberKind };

export interface VariantDef {
  id: number;
  kind: MemberKind;
  ordering: number;
}

export interface DimensionDef {
  id: number;
  /** Message key under explorer.dimensions. */
  key: string;
  variants: VariantDef[];
}

export interface ReportDef {
  id: number;
  slug: string;
  dimensions: DimensionDef[];
}

export const VARIANTS = {
  world: { id: 1, kind: "world", ordering: 1 },
  continent: { id: 2, kind: "continent", ordering: 1 },
  country: { id: 3, kind: "country", ordering: 2 },
  partner: { id: 4, kind: "country", ordering: 3 },
  province: { id: 5, kind: "province", ordering: 1 },
  organization: { id: 6, kind: "organization", ordering: 1 },
  section: { id: 7, kind: "section", ordering: 1 },
  hs2: { id: 8, kind: "hs2", ordering: 2 },
  hs4: { id: 9, kind: "hs4", ordering: 3 },
  hs6: { id: 10, kind: "hs6", ordering: 4 },
  /** A member of a subnational level imported generically (id "{code}/{level}/{member}"). */
  region: { id: 11, kind: "subnational", ordering: 1 },
} as const satisfies Record<string, VariantDef>;

const PRODUCT_VARIANTS: VariantDef[] = [VARIANTS.section, VARIANTS.hs2, VARIANTS.hs4, VARIANTS.hs6];

export const REPORTS: ReportDef[] = [
  { id: 1, slug: "country", dimensions: [{ id: 1, key: "geography", variants: [VARIANTS.continent, VARIANTS.country] }] },
  { id: 2, slug: "world", dimensions: [{ id: 2, key: "world", variants: [VARIANTS.world] }] },
  { id: 3, slug: "hs", dimensions: [{ id: 3, key: "product", variants: PRODUCT_VARIANTS }] },
  {
    id: 4,
    slug: "bilateral-country",
    dimensions: [
      { id: 4, key: "reporter", variants: [VARIANTS.country] },
      { id: 5, key: "partner", variants: [VARIANTS.partner] },
    ],
  },
  {
    id: 5,
    slug: "bilateral-product",
    dimensions: [
      { id: 6, key: "product", variants: PRODUCT_VARIANTS },
      { id: 7, key: "country", variants: [VARIANTS.country] },
    ],
  },
  { id: 6, slug: "subnational_esp", dimensions: [{ id: 8, key: "subnational", variants: [VARIANTS.province, VARIANTS.region] }] },
  { id: 7, slug: "international_organization", dimensions: [{ id: 9, key: "organization", variants: [VARIANTS.organization] }] },
  // The other subnational countries (domain/subnational/config.ts), listed when they have members.
  ...ALL_SUBNATIONAL_COUNTRIES.filter((c) => c.code !== "esp").map((c, i) => ({
    id: 101 + i,
    slug: reportSlugOf(c.code),
    dimensions: [{ id: 101 + i, key: "region", variants: [VARIANTS.region] }],
  })),
];

/**
 * The spec's other profile slugs: registered, but listed in the metadata only when the warehouse
 * has members for them (none of these have data yet).
 */
export const REGISTERED_WITHOUT_MEMBERS = [
  "subnational_chn", "subnational_deu", "subnational_jpn", "subnational_rus", "subnational_usa", "subnational_gbr",
  "subnational_can", "subnational_bra", "subnational_bol", "subnational_zaf", "subnational_ecu", "subnational_chl",
  "subnational_fra", "subnational_ita", "subnational_prt", "subnational_mex", "company", "digital-product", "fund", "manager",
] as const;

export function reportById(id: number): ReportDef | undefined {
  return REPORTS.find((report) => report.id === id);
}

export function reportBySlug(slug: string): ReportDef | undefined {
  return REPORTS.find((report) => report.slug === slug);
}


/** Profile path (without locale and "/profile") of a report's members, in dimension order. */
export function profilePath(report: ReportDef, members: Array<{ kind: MemberKind; id: string }>): string {
  const [a, b] = members;
  switch (report.slug) {
    case "bilateral-country":
      return `/bilateral-country/${a.id}/partner/${b.id}`;
    case "bilateral-product":
      return `/bilateral-product/${productSegment(a as ProductRef)}/reporter/${b.id}`;
    case "hs":
      return `/hs/${productSegment(a as ProductRef)}`;
    default:
      // A generic subnational member's id is "{code}/{level}/{member}": /subnational_{code}/{level}/{member}.
      if (a.kind === "subnational") return `/subnational_${a.id}`;
      // Continents have their own route: their ids ("sa", "af") are also countries' ISO2 codes.
      if (a.kind === "continent") return `/continent/${a.id}`;
      return `/${report.slug}/${a.id}`;
  }
}

export const PROFILE_PREFIX = "/profile";
