/**
 * What a page may ask of the warehouse itself: is it there (and where was it looked for), what
 * generation is being served, and did an error come from it. Pages never import
 * src/server/warehouse (an ESLint rule in eslint.config.mjs); this is their one door to those facts.
 */
import "server-only";

export { isWarehouseError, warehouseStatus } from "@/server/warehouse/client";
export type { WarehouseStatus } from "@/server/warehouse/config";
export { warehouseMeta } from "@/server/warehouse/db";
