/**
 * What the trending page says about a profile: its title in the reader's language (as the
 * profile page titles itself: English where a name is missing) and the type it is grouped under.
 */
import "server-only";
import type { MemberKind } from "@/domain/explorer/reports";
import type { Locale } from "@/domain/i18n/locales";
import type { ProfileTarget } from "@/domain/profiles/path";
import type { ProfileIndex } from "@/server/search/engine";

/** The groups of the page, in the order shown (message keys under trending.types). */
export const TRENDING_TYPES = ["country", "continent", "world", "hs", "bilateral-country", "bilateral-product", "subnational_esp", "international_organization"] as const;
export type TrendingType = (typeof TRENDING_TYPES)[number];

function name(index: ProfileIndex, kind: MemberKind, id: string, locale: Locale): string {
  const entity = index.entity(kind, id);
  return entity?.names[locale] || entity?.names.en || id;
}

export function profileTitleOf(target: ProfileTarget, index: ProfileIndex, locale: Locale): string {
  switch (target.report) {
    case "country":
      return name(index, target.kind, target.id, locale);
    case "world":
      return name(index, "world", "wld", locale);
    case "hs":
      return name(index, target.product.kind, target.product.id, locale);
    case "bilateral-country":
      return `${name(index, "country", target.reporter, locale)} – ${name(index, "country", target.partner, locale)}`;
    case "bilateral-product":
      return `${name(index, target.product.kind, target.product.id, locale)} · ${name(index, "country", target.reporter, locale)}`;
    case "subnational_esp":
      return name(index, "province", target.id, locale);
    case "international_organization":
      return name(index, "organization", target.id, locale);
  }
}

export function profileTypeOf(target: ProfileTarget): TrendingType {
  return target.report === "country" ? target.kind : target.report;
}
