#!/usr/bin/env bash
# npm test: install what is missing, type-check, lint, unit tests, build, end-to-end tests in
# Debian Chromium, and a last line "N passed, N failed" summing both runners.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
export CI="${CI:-}"
source scripts/ensure-deps.sh
source scripts/lib/postgres.sh
mkdir -p .cache
rm -f .cache/vitest-results.json .cache/playwright-results.json .cache/scale-results.json .cache/checks.txt
trap stop_test_postgres EXIT

status=0
check() { # name, command...: runs a step, records a failed step in .cache/checks.txt
  local name=$1; shift
  echo "==> $name"
  if ! "$@"; then
    echo "$name" >> .cache/checks.txt
    status=1
  fi
}

check "install npm packages" ensure_npm_packages
check "install chromium and fonts" ensure_browser
check "install vizbuilder (Tesseract contract test)" ensure_vizbuilder
check "typecheck" npx tsc --noEmit
check "lint" npx eslint . --max-warnings=0
# A PostgreSQL on loopback: the app-database tests run on it as well as on SQLite, and the
# scale-out tests put two nodes on it (TEST_DATABASE_URL).
check "PostgreSQL for the tests" start_test_postgres
ensure_nginx || echo "nginx" >> .cache/checks.txt
# The warehouses first: the unit tests that read the package warehouse (the assistant's question
# table, the profiles' and subnational totals) run on it instead of skipping.
if [ -f scripts/data-import.ts ]; then
  check "data import" npx tsx scripts/data-import.ts --if-missing
  check "bulk export" npx tsx scripts/data-export.ts --if-missing
  # A second warehouse: the package plus the BACI-format sample (Chile and Argentina, HS6, 2002
  # and 2004), served to the "baci" end-to-end project (tests/e2e/baci.spec.ts).
  baci_sample="${TRADE_DATA_DIR:-../shared/data}/baci_sample"
  if [ -d "$baci_sample" ]; then
    check "BACI sample warehouse" npx tsx scripts/data-import.ts --if-missing --out data/warehouse-baci.duckdb --baci "$baci_sample"
  fi
fi
check "unit tests" npx vitest run --reporter=default --reporter=json --outputFile.json=.cache/vitest-results.json
check "build" npx next build
if [ -f .next/BUILD_ID ]; then
  check "end-to-end tests" npx playwright test
  # Two production nodes behind nginx on the PostgreSQL above: sessions, shared limits, a node
  # killed under load (tests/scale).
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    check "scale-out tests" npx vitest run --config vitest.scale.config.ts --reporter=default --reporter=json --outputFile.json=.cache/scale-results.json
  fi
fi

node scripts/summarise-tests.mjs
summary=$?
[ $summary -ne 0 ] && status=1
exit $status
