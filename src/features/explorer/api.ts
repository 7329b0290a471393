import { parseVariantIds } from "@/domain/explorer/variants";
import type { ReportMetadata, SearchResponse } from "@/domain/explorer/types";

/** The API's own explanation of a failure (for example, where the server looked for data). */
async function failure(response: Response, what: string): Promise<Error> {
  try {
    const body = (await response.json()) as { error?: { message?: string } };
    if (body.error?.message) return new Error(body.error.message);
  } catch {
    // Not JSON: fall through to the status.
  }
  return new Error(`${what}: HTTP ${response.status}`);
}

export async function fetchMetadata(locale: string, signal?: AbortSignal): Promise<ReportMetadata[]> {
  const response = await fetch(`/api/cms/read/metadata?locale=${encodeURIComponent(locale)}`, { signal });
  if (!response.ok) throw await failure(response, "metadata");
  return (await response.json()) as ReportMetadata[];
}

export interface SearchParams {
  query: string;
  locale: string;
  limit: number;
  offset: number;
  report: number | null;
  /** A combined variant id such as "7,3", or null for all. */
  variant: string | null;
}

/** Spec section 7, call 2, with every parameter it lists. */
export function searchUrl(params: SearchParams): string {
  const search = new URLSearchParams({
    query: params.query,
    format: "profiles",
    locale: params.locale,
    limit: String(params.limit),
    offset: String(params.offset),
    visible: "true",
    includes: "true",
    noImage: "false",
    all: "false",
    origin: "typesense",
  });
  for (const id of parseVariantIds(params.variant)) search.append("variant[]", String(id));
  if (params.report !== null) search.append("report[]", String(params.report));
  return `/api/cms/search/reports?${search.toString()}`;
}

export async function searchReports(params: SearchParams, signal?: AbortSignal): Promise<SearchResponse> {
  const response = await fetch(searchUrl(params), { signal });
  if (!response.ok) throw await failure(response, "search");
  return (await response.json()) as SearchResponse;
}
