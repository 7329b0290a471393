/**
 * The browser's loader of chart rows (/api/view): each URL asked once per tab, so a chart mounted
 * again, or two charts of one view, share one request. A failure is forgotten, so "Try again" asks
 * anew; the newest `kept` answers are kept.
 */
import type { VizData } from "@/domain/visualize/data";

export function viewRowsLoader(get: (url: string) => Promise<Response>, kept = 32): (url: string) => Promise<VizData> {
  const asked = new Map<string, Promise<VizData>>();
  return (url) => {
    const known = asked.get(url);
    if (known) return known;
    const promise = get(url).then(async (response) => {
      if (!response.ok) throw new Error(`${response.status}`);
      return ((await response.json()) as { data: VizData }).data;
    });
    promise.catch(() => asked.delete(url));
    asked.set(url, promise);
    if (asked.size > kept) asked.delete(asked.keys().next().value!);
    return promise;
  };
}
