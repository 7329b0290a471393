/** Name the world map is registered under with ECharts. */
export const WORLD_MAP = "ots-world";
