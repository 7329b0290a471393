/**
 * npm run bench: every benchmark in turn (each prints its own figures). Needs the warehouse
 * (npm run data:import) and, for the profile benchmarks, a production build (npm run build).
 * The 50-million-row BACI benchmark takes minutes and a couple of GB of disk: it runs only with --all.
 */
import { spawnSync } from "node:child_process";

const benches = ["bench/warehouse.ts", "bench/complexity.ts", "bench/search.ts", "bench/chat.ts", "bench/profiles.ts", "bench/profile-load.ts"];
if (process.argv.includes("--all")) benches.push("bench/baci-scale.ts", "bench/load.ts", "bench/tariff.ts", "bench/trends.ts");
let failed = 0;
for (const bench of benches) {
  console.log(`\n=== ${bench}`);
  const result = spawnSync("npx", ["tsx", bench], { stdio: "inherit" });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
