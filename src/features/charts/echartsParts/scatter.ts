/**
 * Scatter plots on the cartesian grid, and points on a map's geo coordinates; labelLayout
 * (hideOverlap) drops names that would collide. Registered on demand by echarts.ts.
 */
import { install as ScatterChart } from "echarts/lib/chart/scatter/install.js";
import { install as GridComponent } from "echarts/lib/component/grid/install.js";
import { installLabelLayout as LabelLayout } from "echarts/lib/label/installLabelLayout.js";

export const extensions = [ScatterChart, GridComponent, LabelLayout];
