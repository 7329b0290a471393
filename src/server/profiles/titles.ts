/**
 * A profile's title in the reader's language (English where a name is missing), from the profile
 * index: the profile page, its preview, its history entry and the trending list all name it so.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import type { ProfileTarget } from "@/domain/profiles/path";
import type { ProfileIndex } from "@/server/search/engine";

/** Names of a target's members in the reader's language (English where none exists). */
export function memberName(index: ProfileIndex, kind: Parameters<ProfileIndex["entity"]>[0], id: string, locale: Locale): string {
  const entity = index.entity(kind, id);
  return entity?.names[locale] || entity?.names.en || id;
}

export function profileTitle(target: ProfileTarget, index: ProfileIndex, locale: Locale): string {
  switch (target.report) {
    case "country":
      return memberName(index, target.kind, target.id, locale);
    case "world":
      return memberName(index, "world", "wld", locale);
    case "hs":
      return memberName(index, target.product.kind, target.product.id, locale);
    case "bilateral-country":
      return `${memberName(index, "country", target.reporter, locale)} – ${memberName(index, "country", target.partner, locale)}`;
    case "bilateral-product":
      return `${memberName(index, target.product.kind, target.product.id, locale)} · ${memberName(index, "country", target.reporter, locale)}`;
    case "subnational_esp":
      return memberName(index, "province", target.id, locale);
    case "subnational":
      return memberName(index, "subnational", `${target.country}/${target.level}/${target.id}`, locale);
    case "international_organization":
      return memberName(index, "organization", target.id, locale);
  }
}
