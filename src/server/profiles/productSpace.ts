import "server-only";
import { readFile } from "node:fs/promises";
import { parseProductSpaceLayout } from "@/domain/complexity";
import { productSpaceAsset } from "@/server/warehouse/assets";
import { fileKey, keyedValue } from "@/server/processState";

/** HS4 product -> the products it is linked to in the package's product-space layout (per layout file version). */
export function productSpaceNeighbours(): Promise<Map<string, string[]>> {
  const asset = productSpaceAsset();
  return keyedValue("profiles/productSpace:neighbours", asset ? fileKey(asset.absolutePath) : "none", async () => {
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
  });
}
