/** Maps (with the geo component they install) coloured through a visual map. Registered on demand by echarts.ts. */
import { install as MapChart } from "echarts/lib/chart/map/install.js";
import { install as VisualMapComponent } from "echarts/lib/component/visualMap/install.js";

export const extensions = [MapChart, VisualMapComponent];
