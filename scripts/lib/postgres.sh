#!/usr/bin/env bash
# A throw-away PostgreSQL server on loopback for the tests (Debian's postgresql package), started
# by scripts/test.sh: TEST_DATABASE_URL points at it. Sourced after scripts/ensure-deps.sh
# (apt_install); functions only.

PG_TEST_PORT="${PG_TEST_PORT:-55432}"
PG_TEST_DIR="${PG_TEST_DIR:-/tmp/oto-test-pg-$PG_TEST_PORT}"

pg_bin_dir() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

ensure_postgres() {
  [ -n "$(pg_bin_dir)" ] && return 0
  apt_install postgresql || return 1
  # The package starts a cluster of its own; the tests use their own, on another port.
  service postgresql stop >/dev/null 2>&1 || true
}

# Runs a command as the postgres user when we are root (PostgreSQL refuses to run as root).
as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_test_postgres() {
  ensure_postgres || return 1
  local bin
  bin="$(pg_bin_dir)"
  stop_test_postgres >/dev/null 2>&1
  rm -rf "$PG_TEST_DIR" && mkdir -p "$PG_TEST_DIR"
  [ "$(id -u)" = "0" ] && chown postgres "$PG_TEST_DIR"
  as_pg "$bin/initdb" -D "$PG_TEST_DIR/data" -A trust -U oto --no-sync -E UTF8 >/dev/null || return 1
  as_pg "$bin/pg_ctl" -D "$PG_TEST_DIR/data" -l "$PG_TEST_DIR/log" -w -o "-p $PG_TEST_PORT -k $PG_TEST_DIR -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null || { cat "$PG_TEST_DIR/log" >&2; return 1; }
  export TEST_DATABASE_URL="postgres://oto@127.0.0.1:$PG_TEST_PORT/postgres"
  echo "==> PostgreSQL for the tests on 127.0.0.1:$PG_TEST_PORT"
}

stop_test_postgres() {
  local bin
  bin="$(pg_bin_dir)"
  [ -n "$bin" ] && [ -d "$PG_TEST_DIR/data" ] && as_pg "$bin/pg_ctl" -D "$PG_TEST_DIR/data" -m fast -w stop >/dev/null 2>&1
  return 0
}
