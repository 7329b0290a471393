import "server-only";
import { readFile } from "node:fs/promises";
import { parseProductSpaceLayout } from "@/domain/complexity";
import { productSpaceAsset } from "@/server/warehouse/assets";

let neighbours: Promise<Map<string, string[]>> | null = null;

/** HS4 product -> the products it is linked to in the package's product-space layout. */
export function productSpaceNeighbours(): Promise<Map<string, string[]>> {
  if (!neighbours) {
    neighbours = (async () => {
      const asset = productSpaceAsset();
      const out = new Map<string, string[]>();
      if (!asset) return out;
      const layout = parseProductSpaceLayout(JSON.parse(await readFile(asset.absolutePath, "utf8")));
      for (const { source, target } of layout.edges ?? []) {
        for (const [a, b] of [[source, target], [target, source]]) {
          const list = out.get(a) ?? [];
          list.push(b);
          out.set(a, list);
        }
      }
      return out;
    })();
    neighbours.catch(() => {
      neighbours = null;
    });
  }
  return neighbours;
}
