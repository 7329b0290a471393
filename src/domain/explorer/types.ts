/** Shapes of spec section 3: metadata items, search results and combined selector entries. */
export interface Variant {
  id: number;
  name: string;
  ordering: number;
  members_count: number;
}

export interface Dimension {
  name: string;
  variants: Variant[];
}

export interface ReportMetadata {
  id: number;
  name: string;
  /** URL slug of the report ("country", "hs", "bilateral-country", ...). */
  slug: string;
  dimensions: Dimension[];
}

export interface ProfileMember {
  id: string;
  name: string;
  metadata: {
    id: number;
    dimension: { id: number; name: string };
    variant: { id: number; name: string };
  };
}

export interface ProfileResult {
  id: string;
  /** Profile path without the locale and profile prefix, e.g. "/country/chl". */
  path: string;
  report: { id: number; name: string };
  members: ProfileMember[];
}

export interface SearchResponse {
  results: ProfileResult[];
  meta: { variantCount: Record<string, number>; total: number };
}

/** A selector entry: a combined variant ("7,3") or the 'All' entry (id undefined). */
export interface SelectorEntry {
  id?: string;
  name: string;
  ordering: number;
  members_count: number;
}
