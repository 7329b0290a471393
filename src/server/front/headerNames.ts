/** Request headers only the front door sets (it removes them from what clients send). */
import "server-only";

/** Marks the page cache's own render of a public page (with a per-process secret value). */
export const RENDER_HEADER = "x-oto-render";
/** Tells the layout it renders a public page for the cache: no session in the HTML. */
export const PUBLIC_PAGE_HEADER = "x-oto-public-page";
