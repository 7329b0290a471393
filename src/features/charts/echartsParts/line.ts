/** Lines and stacked areas, on the cartesian grid, with their legend. Registered on demand by echarts.ts. */
import { install as LineChart } from "echarts/lib/chart/line/install.js";
import { install as GridComponent } from "echarts/lib/component/grid/install.js";
import { install as LegendComponent } from "echarts/lib/component/legend/install.js";

export const extensions = [LineChart, GridComponent, LegendComponent];
