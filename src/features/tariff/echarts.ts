/** ECharts with bar charts only, loaded by the tariff chart on demand (the site's shared bundle has no bars). */
import { BarChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
export { changeChartOption } from "@/domain/tariff/output";
