/**
 * Economic complexity engine: pure functions over dense typed-array matrices.
 * `computeComplexity` runs the whole pipeline; the pieces are exported for tests, tools and
 * pages that need one measure.
 */
export { computeComplexity } from "./compute";
export type { ComplexityInput, ComplexityOptions, ComplexityResult, EciMethod } from "./compute";
export { ComplexityError } from "./errors";
export type { ComplexityErrorCode } from "./errors";
export type { TradeMatrix } from "./matrix";
export { assertTradeMatrix, selectSubmatrix, tradeMatrixFromCells } from "./matrix";
export { binaryMatrix } from "./binary";
export type { BinaryMatrix } from "./binary";
export { balassaRca, binarize } from "./rca";
export { reflectionsComplexity } from "./reflections";
export type { ComplexityIndices } from "./reflections";
export { eigenvectorComplexity } from "./eigenvector";
export type { EigenvectorComplexity } from "./eigenvector";
export { fitnessComplexity } from "./fitness";
export type { FitnessComplexity, FitnessComplexityOptions } from "./fitness";
export { countryProximity, productProximity } from "./proximity";
export type { ProximityOptions } from "./proximity";
export { distance, opportunityMeasures, relatedness } from "./relatedness";
export type { OpportunityMeasures } from "./relatedness";
export { opportunityMeasuresFromBinary } from "./opportunity";
export { bipartiteComponents } from "./components";
export type { BipartiteComponents } from "./components";
export { DEFAULT_FILTERS, NO_FILTERS, selectForComplexity } from "./filters";
export type { ComplexityFilters, Exclusion, ExclusionReason, Selection } from "./filters";
export { productSpaceBackbone } from "./backbone";
export type { BackboneEdge, BackboneOptions } from "./backbone";
export { attachLayout, parseProductSpaceLayout, productSpaceLayoutSchema } from "./layout";
export type { PositionedNode, ProductSpaceLayout } from "./layout";
export { mean, pearson, rankDescending, sampleSd, zScore } from "./stats";
