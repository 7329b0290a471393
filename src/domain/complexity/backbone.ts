import { ComplexityError } from "./errors";

export interface BackboneOptions {
  /**
   * Besides the spanning tree, keep every link at least this strong. 0.55 is the cut Hidalgo et
   * al. (2007) used to draw the product space; it yields roughly the same link count as the
   * published map.
   */
  readonly threshold?: number;
  /** Cap on the extra (non-tree) links, strongest first. Default: no cap. */
  readonly maxExtraEdges?: number;
}

export interface BackboneEdge {
  readonly source: string;
  readonly target: string;
  readonly weight: number;
  /** "tree" links connect the space; "strong" links are the extra ones above the threshold. */
  readonly kind: "tree" | "strong";
}

/**
 * The product-space backbone: a maximum spanning tree of the proximity matrix (so every
 * product with any neighbour is reachable) plus the strongest remaining links.
 *
 * Prim's algorithm on the dense matrix costs O(n^2), the same as reading the matrix once, with
 * no edge list to sort. A product with proximity 0 to everything (no co-exports) gets no tree
 * link: the result is then a maximum spanning forest, and such products are isolated nodes
 * rather than being tied to the rest by a zero-weight edge. Ties go to the lower index, so the
 * output is deterministic.
 *
 * @param phi symmetric products x products proximity (the diagonal is ignored)
 */
export function productSpaceBackbone(
  phi: Float64Array,
  products: readonly string[],
  options: BackboneOptions = {},
): BackboneEdge[] {
  const n = products.length;
  if (phi.length !== n * n) {
    throw new ComplexityError("INVALID_INPUT", `proximity has ${phi.length} cells, expected ${n} x ${n}`);
  }
  const threshold = options.threshold ?? 0.55;
  const maxExtra = options.maxExtraEdges ?? Number.POSITIVE_INFINITY;

  const inTree = new Uint8Array(n);
  const best = new Float64Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const treeParent = new Int32Array(n).fill(-1);
  const edges: BackboneEdge[] = [];

  for (let added = 0; added < n; added++) {
    let u = -1;
    for (let v = 0; v < n; v++) if (!inTree[v] && (u < 0 || best[v] > best[u])) u = v;
    inTree[u] = 1;
    if (best[u] > 0) {
      treeParent[u] = parent[u];
      edges.push({ source: products[Math.min(u, parent[u])], target: products[Math.max(u, parent[u])], weight: best[u], kind: "tree" });
    }
    const row = u * n;
    for (let v = 0; v < n; v++) {
      if (inTree[v]) continue;
      const w = phi[row + v];
      if (w > best[v]) {
        best[v] = w;
        parent[v] = u;
      }
    }
  }

  const extra: { a: number; b: number; w: number }[] = [];
  for (let a = 0; a < n; a++) {
    const row = a * n;
    for (let b = a + 1; b < n; b++) {
      const w = phi[row + b];
      if (w >= threshold && w > 0 && treeParent[a] !== b && treeParent[b] !== a) extra.push({ a, b, w });
    }
  }
  extra.sort((x, y) => y.w - x.w || x.a - y.a || x.b - y.b);
  const limit = Math.min(extra.length, maxExtra);
  for (let i = 0; i < limit; i++) {
    const { a, b, w } = extra[i];
    edges.push({ source: products[a], target: products[b], weight: w, kind: "strong" });
  }
  return edges;
}
