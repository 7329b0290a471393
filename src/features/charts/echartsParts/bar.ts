/** Bars, on the cartesian grid, with their legend. Registered on demand by echarts.ts. */
import { install as BarChart } from "echarts/lib/chart/bar/install.js";
import { install as GridComponent } from "echarts/lib/component/grid/install.js";
import { install as LegendComponent } from "echarts/lib/component/legend/install.js";

export const extensions = [BarChart, GridComponent, LegendComponent];
