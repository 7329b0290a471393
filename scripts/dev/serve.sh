#!/usr/bin/env bash
# Dev helper: (re)build and serve the production app on a port, killing only what listens there.
set -u
port=${1:-3000}
cd "$(dirname "$0")/../.."
listener() { ss -ltnpH "sport = :$port" 2>/dev/null | grep -o 'pid=[0-9]*' | cut -d= -f2 | sort -u; }
pids=$(listener); [ -n "$pids" ] && kill $pids
for i in $(seq 1 30); do [ -z "$(listener)" ] && break; sleep 0.5; done
npx next build > /tmp/build-$port.log 2>&1 || { tail -20 /tmp/build-$port.log; exit 1; }
(NEXTAUTH_SECRET=dev-secret-0123456789abcdef0123456789 ENABLE_TEST_ROUTES=1 nohup npx next start -p "$port" > /tmp/server-$port.log 2>&1 &)
for i in $(seq 1 60); do curl -sf -o /dev/null "http://localhost:$port/en" && break; sleep 1; done
echo "serving on $port"
