/**
 * The economic-complexity rankings the warehouse holds, as pages see them: which sets and years
 * are ranked, each run's inputs and exclusions, and a set's definition (depth, revision, cubes).
 * Pages never import src/server/warehouse (eslint.config.mjs); they ask here.
 */
import "server-only";

export { complexityExclusions, complexityRuns, rankedComplexitySets, type ComplexityExclusion, type ComplexityRun } from "@/server/warehouse/complexity";
export { getComplexitySet, type ComplexitySetDef } from "@/server/warehouse/registry";
