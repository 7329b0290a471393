/** The SVG renderer: loaded only when an SVG image is downloaded (charts on the page draw on a canvas). */
import { install as SVGRenderer } from "echarts/lib/renderer/installSVGRenderer.js";

export const extensions = [SVGRenderer];
