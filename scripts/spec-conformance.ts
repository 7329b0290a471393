/**
 * Writes docs/spec-conformance.md from tests/spec/requirements.ts.
 *
 *   npx tsx scripts/spec-conformance.ts          write the document
 *   npx tsx scripts/spec-conformance.ts --check  exit 1 when the committed document is out of date
 */
import fs from "node:fs";
import path from "node:path";
import { CONFORMANCE_DOC, renderConformanceDoc } from "./lib/specConformance";

const file = path.resolve(__dirname, "..", CONFORMANCE_DOC);
const fresh = renderConformanceDoc();

if (process.argv.includes("--check")) {
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  if (current !== fresh) {
    console.error(`${CONFORMANCE_DOC} is out of date: run npx tsx scripts/spec-conformance.ts`);
    process.exit(1);
  }
  console.log(`${CONFORMANCE_DOC} is up to date.`);
} else {
  fs.writeFileSync(file, fresh);
  console.log(`Wrote ${CONFORMANCE_DOC}.`);
}
