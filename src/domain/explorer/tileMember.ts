import { reportPlanBadge, type PlanBadge } from "@/domain/billing/planFeatures";
import { tileCode, type HsLevel } from "@/domain/format";
import { KIND_ICON_SET, memberIconDataUrl } from "@/domain/memberIcons";
import { reportById, type MemberKind } from "./reports";
import type { ProfileMember, ProfileResult } from "./types";

/**
 * The shell's tile member (spec section 3: "id, name, title, image.src, icon (src, alt, height),
 * variant_id, variant, original_id, dimension_id; derived fallbackImage, extra badge, subtitle").
 * Built from a search result's member; the tile renders it and nothing else.
 */
export interface TileMember {
  id: string;
  name: string;
  title: string;
  image: { src: string };
  /** The dimension's icon beside the variant badge. */
  icon: { src: string; alt: string; height: number };
  variant_id: number;
  variant: string;
  /** The member's own id, without the "{kind}:" of the search index. */
  original_id: string;
  dimension_id: number;
  /** Shown when the image fails to load: the generic icon of the member's dimension, drawn locally. */
  fallbackImage: string;
  /** The plan badge of the report (PRO on subnational tiles), or null. */
  extraBadge: PlanBadge | null;
  /** The product code for HS levels, cut to 2, 4 or 6 digits; null otherwise. */
  subtitle: string | null;
}

/** Spec section 9: "Tiles: aspect ratio 200 by 120, minimum width 120; PRO badge 35 by 34"; images 160 high. */
export const TILE_ASPECT = { width: 200, height: 120 } as const;
export const TILE_MIN_WIDTH = 120;
export const TILE_IMAGE_HEIGHT = 160;
export const PRO_BADGE_SIZE = { width: 35, height: 34 } as const;
/** The dimension icon's height beside a member name. */
export const TILE_ICON_HEIGHT = 18;

/** Variant ids whose tiles show an HS code (spec: "8 to 10 mean HS2, HS4, HS6 codes"). */
export const HS_VARIANT_LEVELS: Readonly<Record<number, HsLevel>> = { 8: "hs2", 9: "hs4", 10: "hs6" };

const KINDS = new Set<MemberKind>(Object.keys(KIND_ICON_SET) as MemberKind[]);

function splitId(id: string): { kind: MemberKind | null; original: string } {
  const at = id.indexOf(":");
  if (at < 0) return { kind: null, original: id };
  const kind = id.slice(0, at) as MemberKind;
  return { kind: KINDS.has(kind) ? kind : null, original: id.slice(at + 1) };
}

export function tileMember(member: ProfileMember, reportSlug: string, imageSrc: string): TileMember {
  const { kind, original } = splitId(member.id);
  const set = kind ? KIND_ICON_SET[kind] : "x";
  const level = HS_VARIANT_LEVELS[member.metadata.variant.id];
  return {
    id: member.id,
    name: member.name,
    title: member.name,
    image: { src: imageSrc },
    icon: { src: memberIconDataUrl(set, null, TILE_ICON_HEIGHT), alt: member.metadata.dimension.name, height: TILE_ICON_HEIGHT },
    variant_id: member.metadata.variant.id,
    variant: member.metadata.variant.name,
    original_id: original,
    dimension_id: member.metadata.dimension.id,
    fallbackImage: memberIconDataUrl(kind ? set : "x"),
    extraBadge: reportPlanBadge(reportSlug),
    subtitle: level ? tileCode(original, level) : null,
  };
}

/** Every member of a result as tile members (the report's slug comes from the registry by id). */
export function tileMembers(profile: ProfileResult, imageSrc: (member: ProfileMember) => string): TileMember[] {
  const slug = reportById(profile.report.id)?.slug ?? "";
  return profile.members.map((member) => tileMember(member, slug, imageSrc(member)));
}

/** The badge a whole tile carries (the same for all its members). */
export function tileBadge(members: readonly TileMember[]): PlanBadge | null {
  return members.find((m) => m.extraBadge)?.extraBadge ?? null;
}
