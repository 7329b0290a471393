/** Names the browser asks /api/assets/{name} for (no IO here, so client code may import it). */
export const CHART_ASSETS = {
  productSpace: "product_space_hs4.json",
  worldMap: "world_countries_110m.topojson",
} as const;
