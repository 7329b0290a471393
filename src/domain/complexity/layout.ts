import { z } from "zod";

/**
 * The data package's `product_space_hs4.json`: fixed x/y positions (layout pixels, y downwards)
 * for the HS92 4-digit headings of the published product-space map. Edges carry no weights.
 */
export const productSpaceLayoutSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.string(),
      x: z.number(),
      y: z.number(),
      section: z.string().optional(),
      atlas_color: z.string().optional(),
    }),
  ),
  edges: z.array(z.object({ source: z.string(), target: z.string() })).optional(),
});

export type ProductSpaceLayout = z.infer<typeof productSpaceLayoutSchema>;

export function parseProductSpaceLayout(json: unknown): ProductSpaceLayout {
  return productSpaceLayoutSchema.parse(json);
}

export interface PositionedNode {
  readonly id: string;
  /** Layout position, or null where the layout has no node for this product. */
  readonly x: number | null;
  readonly y: number | null;
  readonly section: string | null;
  readonly color: string | null;
}

/**
 * Puts each computed product on the published map where the layout knows it. Products missing
 * from the layout (for example HS 2007 headings that HS92 lacks) get nulls, never NaN, so a
 * chart can leave them out or place them itself and say so.
 */
export function attachLayout(products: readonly string[], layout: ProductSpaceLayout): PositionedNode[] {
  const byId = new Map(layout.nodes.map((node) => [node.id, node]));
  return products.map((id) => {
    const node = byId.get(id);
    return node
      ? { id, x: node.x, y: node.y, section: node.section ?? null, color: node.atlas_color ?? null }
      : { id, x: null, y: null, section: null, color: null };
  });
}
