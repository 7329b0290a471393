/** Networks (the product space). Registered on demand by echarts.ts. */
import { install as GraphChart } from "echarts/lib/chart/graph/install.js";

export const extensions = [GraphChart];
