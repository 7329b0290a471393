import "server-only";
import MiniSearch from "minisearch";
import { REPORTS, VARIANTS, profilePath, type MemberKind, type ReportDef, type VariantDef } from "@/domain/explorer/reports";
import type { ProfileMember, ProfileResult, SearchResponse } from "@/domain/explorer/types";
import type { Locale } from "@/domain/i18n/locales";
import { fold, normalisedPhrase, queryTerms, tokenize, transpositions } from "./text";

/** A searchable member: a country, continent, product at any level, province, organisation or the world. */
export interface Entity {
  kind: MemberKind;
  id: string;
  names: Record<Locale, string>;
  /** Other names that should find it (long names, short names). */
  aliases?: string[];
  /** Codes that find it exactly (ISO3, ISO2, HS code). */
  codes?: string[];
  /** Importance for ordering (trade value). */
  weight: number;
  /** What its thumbnail shows: a flag (ISO2), a section pictogram, and the colour behind it. */
  image?: { flag?: string; section?: string; color?: string | null };
}

export interface IndexInput {
  entities: Entity[];
  /** Reporter -> partners with trade, heaviest first (bilateral-country profiles). */
  partners: Map<string, Array<{ id: string; weight: number }>>;
  /** Product entity key ("hs4:2603") -> exporting countries, heaviest first (bilateral-product profiles). */
  productCountries: Map<string, Array<{ id: string; weight: number }>>;
}

export interface Labels {
  reports: Record<string, string>;
  dimensions: Record<string, string>;
  variants: Record<string, string>;
}

export interface SearchParams {
  query: string;
  locale: Locale;
  limit: number;
  offset: number;
  reports: number[];
  variants: number[];
}

/** A profile before localisation: its report and members. Kept small: there are hundreds of thousands. */
interface ProfileRef {
  report: ReportDef;
  members: Entity[];
  variantKey: string;
  weight: number;
}

const PRODUCT_KINDS = new Set<MemberKind>(["section", "hs2", "hs4", "hs6"]);
const VARIANT_OF: Record<MemberKind, VariantDef> = {
  world: VARIANTS.world,
  continent: VARIANTS.continent,
  country: VARIANTS.country,
  section: VARIANTS.section,
  hs2: VARIANTS.hs2,
  hs4: VARIANTS.hs4,
  hs6: VARIANTS.hs6,
  province: VARIANTS.province,
  organization: VARIANTS.organization,
  subnational: VARIANTS.region,
};
const SINGLE_REPORT: Record<MemberKind, string> = {
  world: "world",
  continent: "country",
  country: "country",
  section: "hs",
  hs2: "hs",
  hs4: "hs",
  hs6: "hs",
  province: "subnational_esp",
  organization: "international_organization",
  // Per country: the report is subnational_{code} of the entity's id "{code}/{level}/{member}" (singleProfile).
  subnational: "subnational_esp",
};
const KIND_PRIORITY: Record<MemberKind, number> = {
  country: 1,
  world: 0.95,
  continent: 0.9,
  organization: 0.85,
  section: 0.8,
  hs2: 0.75,
  hs4: 0.7,
  province: 0.7,
  subnational: 0.65,
  hs6: 0.6,
};

const report = (slug: string) => REPORTS.find((r) => r.slug === slug) as ReportDef;
const BILATERAL_COUNTRY = report("bilateral-country");
const BILATERAL_PRODUCT = report("bilateral-product");

export const entityKey = (e: { kind: MemberKind; id: string }) => `${e.kind}:${e.id}`;

function singleProfile(entity: Entity): ProfileRef {
  const slug = entity.kind === "subnational" ? `subnational_${entity.id.split("/")[0]}` : SINGLE_REPORT[entity.kind];
  return { report: report(slug), members: [entity], variantKey: String(VARIANT_OF[entity.kind].id), weight: entity.weight };
}

function countryPair(a: Entity, b: Entity, weight: number): ProfileRef {
  return { report: BILATERAL_COUNTRY, members: [a, b], variantKey: `${VARIANTS.country.id},${VARIANTS.partner.id}`, weight };
}

function productCountry(product: Entity, country: Entity, weight: number): ProfileRef {
  return { report: BILATERAL_PRODUCT, members: [product, country], variantKey: `${VARIANT_OF[product.kind].id},${VARIANTS.country.id}`, weight };
}

/**
 * The index of every profile. Single-member profiles are listed; pair profiles (bilateral country
 * and product-in-country, the vast majority) are enumerated from adjacency lists, so the index
 * stays small and builds in well under a second while still covering every profile.
 */
export class ProfileIndex {
  private readonly entities = new Map<string, Entity>();
  private readonly search: MiniSearch<Entity & { key: string }>;
  /** Every profile, grouped by report slug then variant key, heaviest first. */
  private readonly byVariant = new Map<string, ProfileRef[]>();
  private readonly partnerLists: Map<string, Array<{ id: string; weight: number }>>;
  private readonly productLists: Map<string, Array<{ id: string; weight: number }>>;
  private readonly countryProducts = new Map<string, Array<{ key: string; weight: number }>>();
  /** Each entity's names and codes, folded, for exact-match ranking. */
  private readonly exact = new Map<string, Set<string>>();
  /** Report slug -> per dimension: variant id -> distinct members appearing there. */
  private readonly distinct = new Map<string, Array<Map<number, Set<string>>>>();
  readonly profileCount: number;

  constructor(input: IndexInput) {
    for (const entity of input.entities) {
      this.entities.set(entityKey(entity), entity);
      const phrases = [...Object.values(entity.names), ...(entity.aliases ?? [])].map(normalisedPhrase);
      this.exact.set(entityKey(entity), new Set([...phrases, ...(entity.codes ?? []).map(fold)]));
    }
    this.partnerLists = input.partners;
    this.productLists = input.productCountries;
    this.search = new MiniSearch<Entity & { key: string }>({
      idField: "key",
      fields: ["names", "codes"],
      tokenize,
      processTerm: (term) => fold(term),
      extractField: (doc, field) => {
        if (field === "names") return [...Object.values(doc.names), ...(doc.aliases ?? [])].join(" \u2029 ");
        if (field === "codes") return (doc.codes ?? []).join(" ");
        return String((doc as unknown as Record<string, unknown>)[field] ?? "");
      },
      searchOptions: {
        boost: { codes: 4 },
        // Only the last word is still being typed: earlier words match whole (or fuzzily).
        prefix: (_term: string, i: number, terms: string[]) => i === terms.length - 1,
        // One typo from five letters, two from ten: more costs time and brings noise.
        fuzzy: (term) => (term.length >= 10 ? 2 : term.length >= 5 ? 1 : false),
        combineWith: "AND",
      },
    });
    this.search.addAll(input.entities.map((e) => ({ ...e, key: entityKey(e) })));

    const add = (ref: ProfileRef) => {
      const key = `${ref.report.slug}|${ref.variantKey}`;
      let list = this.byVariant.get(key);
      if (!list) this.byVariant.set(key, (list = []));
      list.push(ref);
      let dims = this.distinct.get(ref.report.slug);
      if (!dims) this.distinct.set(ref.report.slug, (dims = ref.report.dimensions.map(() => new Map())));
      const variantIds = ref.variantKey.split(",").map(Number);
      ref.members.forEach((member, d) => {
        let set = dims[d].get(variantIds[d]);
        if (!set) dims[d].set(variantIds[d], (set = new Set()));
        set.add(member.id);
      });
    };
    for (const entity of input.entities) add(singleProfile(entity));
    for (const [reporter, partners] of input.partners) {
      const a = this.entities.get(`country:${reporter}`);
      if (!a) continue;
      for (const p of partners) {
        const b = this.entities.get(`country:${p.id}`);
        if (b) add(countryPair(a, b, p.weight));
      }
    }
    for (const [productKey, countries] of input.productCountries) {
      const product = this.entities.get(productKey);
      if (!product) continue;
      for (const c of countries) {
        const country = this.entities.get(`country:${c.id}`);
        if (!country) continue;
        add(productCountry(product, country, c.weight));
        let list = this.countryProducts.get(c.id);
        if (!list) this.countryProducts.set(c.id, (list = []));
        list.push({ key: productKey, weight: c.weight });
      }
    }
    let count = 0;
    for (const list of this.byVariant.values()) {
      list.sort((x, y) => y.weight - x.weight);
      count += list.length;
    }
    for (const list of this.countryProducts.values()) list.sort((x, y) => y.weight - x.weight);
    this.profileCount = count;
  }

  /** Number of profiles per report slug and variant key (the metadata's members_count). */
  counts(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [key, list] of this.byVariant) out.set(key, list.length);
    return out;
  }

  /** Per dimension of a report: variant id -> number of distinct members (metadata members_count). */
  distinctMembers(slug: string): Array<Map<number, number>> {
    return (this.distinct.get(slug) ?? []).map((byVariant) => new Map([...byVariant].map(([id, set]) => [id, set.size])));
  }

  private paths: string[] | null = null;

  /** Every profile's path (without locale and "/profile"), heaviest first within each report. */
  allProfilePaths(): string[] {
    if (!this.paths) {
      this.paths = [];
      for (const report of REPORTS) {
        for (const [key, list] of this.byVariant) {
          if (!key.startsWith(`${report.slug}|`)) continue;
          for (const ref of list) this.paths.push(profilePath(ref.report, ref.members));
        }
      }
    }
    return this.paths;
  }

  /** Every entity of some kinds (for URL lookups and sitemaps). */
  entitiesOf(kinds: MemberKind[]): Entity[] {
    const wanted = new Set(kinds);
    return [...this.entities.values()].filter((e) => wanted.has(e.kind));
  }

  entity(kind: MemberKind, id: string): Entity | undefined {
    return this.entities.get(`${kind}:${id}`);
  }

  query(params: SearchParams, labels: Labels): SearchResponse {
    const reportFilter = new Set(params.reports);
    const variantKey = params.variants.length ? params.variants.join(",") : null;
    const inReport = (ref: ProfileRef) => reportFilter.size === 0 || reportFilter.has(ref.report.id);
    const inVariant = (ref: ProfileRef) => variantKey === null || ref.variantKey === variantKey;
    const terms = queryTerms(params.query);

    if (terms.length === 0) return this.browse(params, labels, inReport, variantKey);

    const candidates = this.candidates(terms);
    const variantCount: Record<string, number> = {};
    const kept: ProfileRef[] = [];
    for (const ref of candidates) {
      variantCount[ref.variantKey] = (variantCount[ref.variantKey] ?? 0) + (inReport(ref) ? 1 : 0);
      if (inReport(ref) && inVariant(ref)) kept.push(ref);
    }
    for (const key of Object.keys(variantCount)) if (variantCount[key] === 0) delete variantCount[key];
    const page = kept.slice(params.offset, params.offset + params.limit);
    return { results: page.map((ref) => this.present(ref, params.locale, labels)), meta: { variantCount, total: kept.length } };
  }

  /** An empty query lists profiles of the chosen report and variant, heaviest first. */
  private browse(params: SearchParams, labels: Labels, inReport: (ref: ProfileRef) => boolean, variantKey: string | null): SearchResponse {
    const lists: ProfileRef[][] = [];
    const variantCount: Record<string, number> = {};
    for (const reportDef of REPORTS) {
      for (const [key, list] of this.byVariant) {
        const [slug, variant] = key.split("|");
        if (slug !== reportDef.slug || !inReport(list[0])) continue;
        variantCount[variant] = list.length;
        if (variantKey === null || variant === variantKey) lists.push(list);
      }
    }
    const total = lists.reduce((sum, list) => sum + list.length, 0);
    const page: ProfileRef[] = [];
    let skip = params.offset;
    for (const list of lists) {
      if (page.length >= params.limit) break;
      if (skip >= list.length) {
        skip -= list.length;
        continue;
      }
      page.push(...list.slice(skip, skip + params.limit - page.length));
      skip = 0;
    }
    return { results: page.map((ref) => this.present(ref, params.locale, labels)), meta: { variantCount, total } };
  }

  private hits(terms: string[], limit: number): Array<{ entity: Entity; score: number; exact: boolean }> {
    const phrase = terms.join(" ");
    // Each word, or the same word with two neighbouring letters swapped ("chlie" finds Chile);
    // the swapped forms must match whole (no fuzzy, no prefix), so they add little noise.
    // The terms are words already (queryTerms): each is searched as it is, not cut again.
    const whole = (text: string) => [text];
    const raw = this.search.search({
      combineWith: "AND",
      queries: terms.map((term, i) => {
        const swapped = transpositions(term);
        const own = { queries: [term], tokenize: whole, prefix: i === terms.length - 1 };
        return swapped.length ? { combineWith: "OR", queries: [own, { queries: swapped, tokenize: whole, fuzzy: false, prefix: false, boost: { names: 0.5 } }] } : own;
      }),
    });
    return raw.slice(0, limit * 4).map((hit) => {
      const entity = this.entities.get(hit.id as string) as Entity;
      const exact = this.exact.get(hit.id as string)?.has(phrase) ?? false;
      const weightBoost = 1 + Math.log10(1 + entity.weight) / 40;
      return { entity, score: hit.score * KIND_PRIORITY[entity.kind] * weightBoost * (exact ? 50 : 1), exact };
    })
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
  }

  private candidates(terms: string[]): ProfileRef[] {
    const seen = new Set<string>();
    const scored: Array<{ ref: ProfileRef; score: number }> = [];
    const push = (ref: ProfileRef, score: number) => {
      const id = `${ref.report.slug}:${ref.members.map(entityKey).join("|")}`;
      if (seen.has(id)) return;
      seen.add(id);
      scored.push({ ref, score });
    };

    const singles = this.hits(terms, 200);
    const top = singles[0]?.score ?? 0;
    for (const hit of singles) push(singleProfile(hit.entity), hit.score);
    const exactSingle = singles.find((h) => h.exact);

    // Two names in one query ("germany france", "chile copper"): every split into two parts.
    if (!exactSingle && terms.length >= 2) {
      for (let cut = 1; cut < terms.length; cut++) {
        const left = this.hits(terms.slice(0, cut), 6);
        const right = this.hits(terms.slice(cut), 6);
        for (const l of left) {
          for (const r of right) {
            const pair = this.pairProfile(l.entity, r.entity);
            if (pair) push(pair, Math.max(top, 1) * 2 + l.score * r.score);
          }
        }
      }
    }

    // One named country or product also brings its bilateral profiles, after the names themselves.
    const anchor = exactSingle ?? (singles.length > 0 && singles.length <= 3 ? singles[0] : undefined);
    if (anchor) {
      // An exact name's own profiles come right after it, above hits that share only a weak
      // (fuzzy or partial) token with the query ("chile" ~ "chicle" in Rubber's Spanish name);
      // otherwise they follow every name hit.
      const weak = Math.max(0, ...singles.filter((h) => !h.exact).map((h) => h.score));
      const [hi, lo] = exactSingle && weak < exactSingle.score ? [exactSingle.score, weak] : [Math.min(...scored.map((s) => s.score), 1) / 2, 0];
      const span = hi - lo;
      const first = lo + span * 0.66;
      const second = lo + span * 0.33;
      const step = span * 1e-6;
      const e = anchor.entity;
      if (e.kind === "country") {
        const partners = this.partnerLists.get(e.id) ?? [];
        partners.forEach((p, i) => {
          const b = this.entities.get(`country:${p.id}`);
          if (b) push(countryPair(e, b, p.weight), first - i * step);
        });
        (this.countryProducts.get(e.id) ?? []).forEach((p, i) => {
          const product = this.entities.get(p.key);
          if (product) push(productCountry(product, e, p.weight), second - i * step * 0.1);
        });
      } else if (PRODUCT_KINDS.has(e.kind)) {
        (this.productLists.get(entityKey(e)) ?? []).forEach((c, i) => {
          const country = this.entities.get(`country:${c.id}`);
          if (country) push(productCountry(e, country, c.weight), first - i * step);
        });
      }
    }
    return scored.sort((a, b) => b.score - a.score).map((s) => s.ref);
  }

  private pairProfile(a: Entity, b: Entity): ProfileRef | null {
    if (a.kind === "country" && b.kind === "country" && a.id !== b.id) {
      const p = this.partnerLists.get(a.id)?.find((x) => x.id === b.id);
      return p ? countryPair(a, b, p.weight) : null;
    }
    const [product, country] = PRODUCT_KINDS.has(a.kind) && b.kind === "country" ? [a, b] : PRODUCT_KINDS.has(b.kind) && a.kind === "country" ? [b, a] : [null, null];
    if (!product || !country) return null;
    const c = this.productLists.get(entityKey(product))?.find((x) => x.id === country.id);
    return c ? productCountry(product, country, c.weight) : null;
  }

  private present(ref: ProfileRef, locale: Locale, labels: Labels): ProfileResult {
    const members: ProfileMember[] = ref.members.map((entity, i) => {
      const dimension = ref.report.dimensions[i];
      const variant = dimension.variants.find((v) => v.kind === entity.kind) ?? VARIANT_OF[entity.kind];
      return {
        id: entityKey(entity),
        name: entity.names[locale] || entity.names.en,
        metadata: {
          id: variant.id,
          dimension: { id: dimension.id, name: labels.dimensions[dimension.key] ?? dimension.key },
          variant: { id: variant.id, name: labels.variants[String(variant.id)] ?? String(variant.id) },
        },
      };
    });
    return {
      id: `${ref.report.slug}:${ref.members.map(entityKey).join("|")}`,
      path: profilePath(ref.report, ref.members),
      report: { id: ref.report.id, name: labels.reports[ref.report.slug] ?? ref.report.slug },
      members,
    };
  }
}
