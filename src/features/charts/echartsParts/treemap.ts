/** Treemaps (their breadcrumb included). Registered on demand by echarts.ts. */
import { install as TreemapChart } from "echarts/lib/chart/treemap/install.js";

export const extensions = [TreemapChart];
