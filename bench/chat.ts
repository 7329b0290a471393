/**
 * The data assistant's interpreter: how long an answer takes, on the shared data package's
 * warehouse. The question table's tests (src/server/chat/__tests__/questions.test.ts) check what
 * the answers say; their time is measured here, where a slow machine prints a figure instead of
 * failing a test.
 *
 *   npm run data:import            # once
 *   npx tsx bench/chat.ts [--runs 5]
 *
 * Prints, per question, the first answer's time (cold: the warehouse queries it needs) and the
 * median of the repeats, then p50/p95 over all answers. Figures only; the question table's old
 * bound was 5 s an answer.
 */
import "../scripts/lib/outside-next"; // first: lets server modules load outside Next.js
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import type { ChatContext } from "../src/domain/chat/types";
import type { Locale } from "../src/domain/i18n/locales";
import { answerQuestion } from "../src/server/chat/interpreter";
import { profileIndex } from "../src/server/search/build";
import { closeWarehouse } from "../src/server/warehouse/db";

const { values } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const RUNS = Math.max(1, Number(values.runs) || 5);

/** A few questions of each intent and language; a `follow` question continues the one before it. */
const QUESTIONS: Array<{ q: string; locale: Locale; follow?: boolean }> = [
  { q: "What does Chile export?", locale: "en" },
  { q: "and imports?", locale: "en", follow: true },
  { q: "Who does Chile export to?", locale: "en" },
  { q: "How much did Chile export in 2018?", locale: "en" },
  { q: "Who exports copper ore?", locale: "en" },
  { q: "Compare Chile and Peru", locale: "en" },
  { q: "How have Chile's exports grown since 2000?", locale: "en" },
  { q: "Which economies are the most complex?", locale: "en" },
  { q: "What can Chile export next?", locale: "en" },
  { q: "¿Qué exporta Alemania?", locale: "es" },
  { q: "智利出口什么？", locale: "zh" },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const fmt = (ms: number) => ms.toFixed(0).padStart(8);
/** Each question's times, run by run. */
const times: number[][] = QUESTIONS.map(() => []);

async function main() {
  // Built once per process at the server's start-up: not part of an answer's time.
  let started = performance.now();
  await profileIndex();
  console.log(`search index ready in ${(performance.now() - started).toFixed(0)} ms`);

  console.log(`\n${"question (ms)".padEnd(50)}    first   median`);
  const all: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let context: ChatContext | null = null;
    for (const [i, { q, locale, follow }] of QUESTIONS.entries()) {
      started = performance.now();
      const answer = await answerQuestion({ question: q, locale, context: follow ? context : null });
      const ms = performance.now() - started;
      context = answer.context ?? null;
      all.push(ms);
      times[i].push(ms);
    }
  }
  for (const [i, { q, locale }] of QUESTIONS.entries()) {
    const sorted = [...times[i]].sort((a, b) => a - b);
    console.log(`  ${`[${locale}] ${q}`.padEnd(48)} ${fmt(times[i][0])} ${fmt(percentile(sorted, 50))}`);
  }
  all.sort((a, b) => a - b);
  console.log(`  ${"all answers: p50, p95".padEnd(48)} ${fmt(percentile(all, 50))} ${fmt(percentile(all, 95))}`);
  closeWarehouse();
}


main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
