#!/usr/bin/env bash
# Installs what the project needs when it is missing: npm packages, and for the browser tests
# Debian's chromium and the CJK fonts. Sourced by start.sh and test.sh.
set -u

# apt-get install when we may (root, Debian), else a message saying what to install.
apt_install() {
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "==> apt-get install -y $*"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    echo "Missing $*: install them with your package manager (Debian: apt-get install -y $*)." >&2
    return 1
  fi
}

ensure_npm_packages() {
  local stamp=node_modules/.package-lock.json
  if [ ! -d node_modules ] || [ ! -f "$stamp" ] || [ package.json -nt "$stamp" ] || { [ -f package-lock.json ] && [ package-lock.json -nt "$stamp" ]; }; then
    echo "==> npm install"
    npm install --no-audit --no-fund || return 1
  fi
}

# Datawheel's vizbuilder, for the Tesseract contract test only: it wants React 18 and Mantine 6, so
# it lives in its own folder with its own lock file (tests/vizbuilder).
ensure_vizbuilder() {
  local dir=tests/vizbuilder stamp=tests/vizbuilder/node_modules/.package-lock.json
  [ -f "$stamp" ] && [ ! "$dir/package-lock.json" -nt "$stamp" ] && return 0
  echo "==> npm ci in $dir"
  (cd "$dir" && npm ci --no-audit --no-fund)
}

ensure_nginx() {
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] && return 0
  apt_install nginx || return 1
  # The tests start their own nginx (deploy/nginx.conf); the package's default server is not needed.
  service nginx stop >/dev/null 2>&1 || true
}

ensure_browser() {
  local missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  if ! fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then missing+=(fonts-noto-cjk); fi
  [ ${#missing[@]} -eq 0 ] && return 0
  apt_install "${missing[@]}"
}
