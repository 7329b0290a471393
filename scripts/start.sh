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
  # The bulk-download files of this warehouse (nothing to do when they exist).
  npx tsx scripts/data-export.ts --if-missing || echo "warning: the bulk export failed; the download pages will say the files are not ready." >&2
fi

# Sessions need a secret. Without NEXTAUTH_SECRET (or AUTH_SECRET), use the one kept in
# data/auth-secret, generating it on the first start. Behind a load balancer, set NEXTAUTH_SECRET
# instead: every node must share it.
if [ -z "${NEXTAUTH_SECRET:-}" ] && [ -z "${AUTH_SECRET:-}" ]; then
  secret_file=data/auth-secret
  if [ ! -s "$secret_file" ]; then
    mkdir -p data
    (umask 077 && node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("base64url") + "\n")' > "$secret_file")
    echo "==> generated a session secret in $secret_file (set NEXTAUTH_SECRET to use your own)"
  fi
  NEXTAUTH_SECRET="$(tr -d '[:space:]' < "$secret_file")"
  export NEXTAUTH_SECRET
fi

if [ "${SKIP_BUILD:-0}" != "1" ] || [ ! -f .next/BUILD_ID ]; then
  npx next build
fi
# Our server (scripts/serve.ts), not `next start`: it decides the client address from the socket
# and TRUST_PROXY_HOPS and gives every response its own script nonce.
# HOSTNAME only when it is in the environment: bash sets its own (the machine's name) otherwise.
bind="$(printenv HOSTNAME || true)"
exec npx tsx scripts/serve.ts -p "${PORT:-3000}" ${bind:+-H "$bind"}
