import { UNKNOWN_COLOR } from "@/domain/charts/presentation";
import type { MemberKind } from "@/domain/memberKind";
import { glyphSvg, globeSvg } from "@/domain/memberImages";

/**
 * Member icons per dimension (spec section 7, call 9: "country, balance, hs, sitc, egw, cpf,
 * service, cpc and patent"), plus the dimensions this site shows that the spec's list lacks
 * (regions, organisations, the world) and the "X" icon of a missing member (spec section 8).
 *
 * Drawn for this project (Open Trade Observatory, same licence as the code): simple geometric
 * pictograms on a 24-unit grid, white 2-unit strokes on the member's colour, as the HS section
 * glyphs in memberImages.ts. Country flags (flag-icons, MIT) and section glyphs stay where they are;
 * these are the generic icon of each set, shown when a member has no picture of its own.
 */
export const ICON_SETS = ["country", "balance", "hs", "sitc", "egw", "cpf", "service", "cpc", "patent", "region", "organization", "world", "x"] as const;
export type IconSet = (typeof ICON_SETS)[number];

const GLYPHS: Record<Exclude<IconSet, "world">, string> = {
  // A flag on its pole.
  country: "M6 21V3M6 4h11l-2.5 4L17 12H6",
  // Scales: exports against imports.
  balance: "M12 4v16M8 20h8M5 7h14M5 7l-3 6h6zM19 7l-3 6h6z",
  // A parcel: the generic product (also the fallback of any HS level).
  hs: "M4 8l8-4 8 4v8l-8 4-8-4zM4 8l8 4 8-4M12 12v8",
  // Stacked layers: a hierarchical goods classification.
  sitc: "M12 4l8 4-8 4-8-4zM4 12l8 4 8-4M4 16l8 4 8-4",
  // A sprout: environmental goods.
  egw: "M12 21v-9M12 12c0-4 3-7 8-7 0 5-3 7-8 7zM12 15c0-3-2-5-6-5 0 3 2 5 6 5",
  // A factory: products by the activity that makes them.
  cpf: "M3 20V10l5 3v-3l5 3V5h4v15zM2 20h20",
  // A briefcase: services.
  service: "M4 8h16v11H4zM9 8V5h6v3M4 13h16",
  // A grid of four: the central product classification.
  cpc: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
  // A light bulb: patents.
  patent: "M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z",
  // A map pin: subnational regions.
  region: "M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM12 7.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 1 0 0-5z",
  // Columns under a pediment: international organisations.
  organization: "M3 9l9-5 9 5zM5 9v9M9.5 9v9M14.5 9v9M19 9v9M3 20h18",
  // A cross: a member whose icon is missing.
  x: "M6 6l12 12M18 6L6 18",
};

/** The icon set of each member kind the explorer shows. */
export const KIND_ICON_SET: Record<MemberKind, IconSet> = {
  world: "world",
  continent: "world",
  country: "country",
  section: "hs",
  hs2: "hs",
  hs4: "hs",
  hs6: "hs",
  province: "region",
  subnational: "region",
  organization: "organization",
};

export function isIconSet(value: string): value is IconSet {
  return (ICON_SETS as readonly string[]).includes(value);
}

/** A set's generic icon as an SVG document on `color` (grey when unknown). */
export function memberIconSvg(set: IconSet, color: string | null | undefined = UNKNOWN_COLOR, size = 160): string {
  if (set === "world") return globeSvg(color, size);
  return glyphSvg(GLYPHS[set], color ?? UNKNOWN_COLOR, size);
}

/** The same as a data URL, for an <img> that must not touch the network (a tile's fallback image). */
export function memberIconDataUrl(set: IconSet, color?: string | null, size = 160): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(memberIconSvg(set, color, size))}`;
}
