/** HTTP validators, for every route and the front door's cache. */
import "server-only";

/** Whether an If-None-Match header names this ETag (weak comparison, lists and * allowed). */
export function matches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}
