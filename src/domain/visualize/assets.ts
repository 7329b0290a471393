/** Names the browser asks /api/assets/{name} for (no IO here, so client code may import it). */
export const CHART_ASSETS = {
  productSpace: "product_space_hs4.json",
  worldMap: "world_countries_110m.topojson",
} as const;

/** Where the browser fetches them. */
export const ASSET_URLS = {
  productSpace: `/api/assets/${CHART_ASSETS.productSpace}`,
  worldMap: `/api/assets/${CHART_ASSETS.worldMap}`,
} as const;
