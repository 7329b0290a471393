/**
 * Chart option generators: pure functions from chart rows (and, for the network and the map,
 * the layout or geometry) to ECharts options. Rendered by the one <Chart> component.
 */
export { treemapOption, type TreemapInput } from "./treemap";
export { stackedOption, lineOption, buildSeries, timeSeriesLegend, unevenYears, type TimeSeriesInput, type SeriesData } from "./timeSeries";
export { scatterOption, LABELLED_POINTS, labelledPoints, logExtent } from "./scatter";
export { scatterPoints, measureOf, type ScatterInput, type ScatterPoint } from "./scatterPoints";
export { networkOption, networkNodes, type NetworkInput, type ProductSpaceLayout, type NetworkNode } from "./network";
export { geomapOption, divergingBound, mapPieces, joinWorldFeatures, WORLD_MAP, type GeomapInput, type GeomapMeasure, type MapPiece, type WorldFeatureProperties } from "./geomap";
export { TOOLTIP_CLASS, OTHER_ID, formatMeasure } from "./common";
