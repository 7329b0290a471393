/**
 * Australian state codes of the ABS files (subnational_aus_*.csv) and the ids of their features in
 * geo/aus_states.topojson (Natural Earth admin-1, HASC-like). Norfolk Island shares the ACT's id
 * AU.CT in that file, so the ACT is matched by id and name (AUS_ACT_FEATURE_NAME); Jervis Bay and
 * Macquarie Island have no data. RX (re-exports) and CND (no state details) are statistical
 * categories with no territory: they have no geometry and are not ranked among the states.
 */
export const AUS_STATE_CODES = ["NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT"] as const;
export type AusStateCode = (typeof AUS_STATE_CODES)[number];

export const AUS_NON_STATE_CODES = ["RX", "CND"] as const;

export const AUS_STATE_GEO_IDS: Readonly<Record<AusStateCode, string>> = {
  NSW: "AU.NS",
  VIC: "AU.VI",
  QLD: "AU.QL",
  SA: "AU.SA",
  WA: "AU.WA",
  TAS: "AU.TS",
  NT: "AU.NT",
  ACT: "AU.CT",
};

/** The ACT's feature name: AU.CT is also Norfolk Island's id. */
export const AUS_ACT_FEATURE_NAME = "Australian Capital Territory";

export function isAusStateCode(value: string): value is AusStateCode {
  return (AUS_STATE_CODES as readonly string[]).includes(value);
}

/** The state code of a URL or query segment ("wa", "WA") or null; never throws. */
export function parseAusStateCode(value: string | null | undefined): AusStateCode | null {
  if (typeof value !== "string" || value.length > 8) return null;
  const upper = value.trim().toUpperCase();
  return isAusStateCode(upper) ? upper : null;
}

/** The topojson feature id of a state, and back (null for codes and features without a match). */
export function ausGeoId(code: string): string | null {
  return isAusStateCode(code) ? AUS_STATE_GEO_IDS[code] : null;
}

export function ausStateOfGeo(geoId: string, featureName?: string): AusStateCode | null {
  const found = AUS_STATE_CODES.find((code) => AUS_STATE_GEO_IDS[code] === geoId);
  if (!found) return null;
  if (found === "ACT" && featureName !== undefined && featureName !== AUS_ACT_FEATURE_NAME) return null;
  return found;
}
