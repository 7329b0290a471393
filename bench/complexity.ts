/**
 * Benchmark of the economic-complexity engine (src/domain/complexity).
 *
 *   npx tsx bench/complexity.ts [--runs N]
 *
 * Two inputs:
 *  - real: country x HS4 exports 2018 from the data package (trade_country_hs4_2018.csv.gz,
 *    226 x 1,222), read from TRADE_DATA_DIR or ../shared/data; skipped if absent;
 *  - synthetic: a seeded random 250 x 5,000 matrix with a nested structure (capable countries
 *    export more of the products others also make), so diversity and RCA density resemble
 *    real data rather than uniform noise.
 * For each it prints median and p95 wall time per stage over several runs, then the whole
 * `computeComplexity` call. Targets (no pass/fail here), 10x py-economic-complexity's 419 ms and
 * 10.4 s measured on this machine: whole pipeline < 42 ms on the real matrix and < 1.04 s on the
 * synthetic one, on 2 shared cores.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import {
  balassaRca,
  binarize,
  computeComplexity,
  eigenvectorComplexity,
  fitnessComplexity,
  opportunityMeasures,
  opportunityMeasuresFromBinary,
  productProximity,
  productSpaceBackbone,
  reflectionsComplexity,
  tradeMatrixFromCells,
  type TradeMatrix,
} from "@/domain/complexity";
import { seededRandom } from "@/domain/complexity/test-support/random";

const projectRoot = fileURLToPath(new URL("../", import.meta.url));
const dataDir = process.env.TRADE_DATA_DIR ?? resolve(projectRoot, "../shared/data");
const runsArg = process.argv.indexOf("--runs");
const requestedRuns = runsArg > 0 ? Number(process.argv[runsArg + 1]) : undefined;

function loadHs4_2018(): TradeMatrix | null {
  const file = join(dataDir, "trade_country_hs4_2018.csv.gz");
  if (!existsSync(file)) return null;
  const lines = gunzipSync(readFileSync(file)).toString("utf8").split("\n");
  const header = lines[0].split(",");
  const col = (name: string) => header.indexOf(name);
  const [iReporter, iProduct, iExport] = [col("reporter"), col("hs4"), col("export_value")];
  const [countries, products, values]: [string[], string[], number[]] = [[], [], []];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === "") continue;
    const f = lines[i].split(",");
    countries.push(f[iReporter]);
    products.push(f[iProduct]);
    values.push(Number(f[iExport]) || 0);
  }
  return tradeMatrixFromCells(countries, products, values);
}

function syntheticMatrix(rows: number, cols: number, seed: number): TradeMatrix {
  const rand = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const capability = Float64Array.from({ length: rows }, rand);
  const countrySize = Float64Array.from({ length: rows }, () => Math.exp(23 + 1.8 * normal()));
  const sophistication = Float64Array.from({ length: cols }, rand);
  const productSize = Float64Array.from({ length: cols }, () => Math.exp(1.5 * normal()));
  const values = new Float64Array(rows * cols);
  for (let c = 0; c < rows; c++) {
    for (let p = 0; p < cols; p++) {
      const pExport = 1 / (1 + Math.exp(-8 * (capability[c] - sophistication[p]) - 1));
      if (rand() < pExport) values[c * cols + p] = Math.round(countrySize[c] * productSize[p] * Math.exp(normal()) * 1e-3);
    }
  }
  return {
    countries: Array.from({ length: rows }, (_, i) => `c${i}`),
    products: Array.from({ length: cols }, (_, i) => `p${i}`),
    values,
  };
}

function percentile(sorted: number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}

function bench(label: string, matrix: TradeMatrix, runs: number): void {
  const n = matrix.countries.length;
  const m = matrix.products.length;
  const stages = new Map<string, number[]>();
  const time = <T>(stage: string, fn: () => T): T => {
    const t0 = performance.now();
    const out = fn();
    const list = stages.get(stage) ?? [];
    list.push(performance.now() - t0);
    stages.set(stage, list);
    return out;
  };

  let density = 0;
  for (let run = 0; run < runs; run++) {
    const rca = time("rca", () => balassaRca(matrix.values, n, m));
    const binary = time("binarize (M, diversity, ubiquity)", () => binarize(rca, n, m, 1));
    const eig = time("eci + pci (eigenvector)", () => eigenvectorComplexity(binary));
    time("eci + pci (reflections, 20)", () => reflectionsComplexity(binary, 20));
    time("fitness-complexity (20)", () => fitnessComplexity(binary));
    const phi = time("product proximity", () => productProximity(binary));
    time("relatedness + opportunity gain + coi", () => opportunityMeasuresFromBinary(binary, eig.pci));
    time("  same, via the explicit proximity matrix", () => opportunityMeasures(binary, phi, eig.pci));
    time("backbone (spanning tree + phi >= 0.55)", () => productSpaceBackbone(phi, matrix.products));
    time("computeComplexity (whole, no filters)", () => computeComplexity(matrix, { filters: false }));
    density = binary.countryProducts.length / (n * m);
  }

  console.log(`\n${label}: ${n} x ${m}, RCA >= 1 density ${(100 * density).toFixed(1)}%, ${runs} runs (ms)`);
  console.log(`${"stage".padEnd(44)}${"median".padStart(10)}${"p95".padStart(10)}`);
  const pipelineStages = [
    "rca",
    "binarize (M, diversity, ubiquity)",
    "eci + pci (eigenvector)",
    "relatedness + opportunity gain + coi",
  ];
  const pipeline: number[] = [];
  for (let r = 0; r < runs; r++) pipeline.push(pipelineStages.reduce((s, st) => s + stages.get(st)![r], 0));
  // Proximity is not a stage of the pipeline any more: computeComplexity makes it on first read
  // (the product space's), and the opportunity measures never need it.
  stages.set("sum: rca..opportunity gain (eigenvector)", pipeline);
  for (const [stage, list] of stages) {
    // The first run includes JIT warm-up; report it only when it is the only run.
    const sample = (list.length > 1 ? list.slice(1) : list).sort((a, b) => a - b);
    console.log(`${stage.padEnd(44)}${percentile(sample, 0.5).toFixed(1).padStart(10)}${percentile(sample, 0.95).toFixed(1).padStart(10)}`);
  }
}

const real = loadHs4_2018();
if (real) bench("HS4 2018 (real)", real, requestedRuns ?? 21);
else console.log(`trade_country_hs4_2018.csv.gz not found in ${dataDir}; skipping the real matrix`);
bench("synthetic (seed 42)", syntheticMatrix(250, 5000, 42), requestedRuns ?? 6);
