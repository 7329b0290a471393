#!/usr/bin/env bash
# npm start: install, import the trade data when the warehouse is missing, build, serve.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
source scripts/ensure-deps.sh
ensure_npm_packages

if [ -f scripts/data-import.ts ]; then
  # Never fatal: without a data package the site still serves and says where it looked.
  npx tsx scripts/data-import.ts --if-missing || echo "warning: the data import failed; the site will serve without trade data." >&2
fi

if [ "${SKIP_BUILD:-0}" != "1" ] || [ ! -f .next/BUILD_ID ]; then
  npx next build
fi
exec npx next start -p "${PORT:-3000}" ${HOSTNAME:+-H "$HOSTNAME"}
