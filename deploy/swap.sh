#!/usr/bin/env bash
# deploy/swap.sh: roll a new warehouse generation out to every node as one (docs/deploy.md,
# "Shipping a new warehouse").
#
#   deploy/swap.sh BUILD_DIR NODE [NODE...]
#
# BUILD_DIR holds what the import job made on the build machine:
#   warehouse.duckdb         the new warehouse (npm run data:import -- --out BUILD_DIR/warehouse.duckdb)
#   warehouse.duckdb.sha256  its checksum (cd BUILD_DIR && sha256sum warehouse.duckdb > warehouse.duckdb.sha256)
#   exports/<generation>/    its bulk files (WAREHOUSE_PATH=BUILD_DIR/warehouse.duckdb
#                            EXPORT_DIR=BUILD_DIR/exports npm run data:export)
# NODE is DIR=URL (a node on this machine) or HOST:DIR=URL (over ssh and rsync): DIR is the node's
# data folder, where it runs with WAREHOUSE_PATH=DIR/warehouse.duckdb and EXPORT_DIR=DIR/exports;
# URL is the node's own address (http://10.0.0.11:3000), never the balancer's.
#
# 1. Ship, to every node before any swap: the bulk files into DIR/exports/<generation>/ (copied
#    aside, then renamed into place) and the warehouse to a temporary name beside the live file,
#    its checksum checked under that temporary name. Nothing serves them yet; a failure here
#    changes nothing.
# 2. Swap, one node at a time: wait until the node is ready, keep the live file as
#    warehouse.duckdb.previous (a hard link: no copy), rename the new file over the live one (atomic),
#    wait until the node reports the new generation and is ready, and render its first pages. A
#    node that reports another generation than the bulk files' is put back on its previous file
#    and the rollout stops.
# 3. Prune, once every node serves the new generation: bulk files of generations other than the
#    new one and the one each node served before are removed (downloads under way finish).
#
# While nodes switch one after another, a node still on the old generation keeps its own bulk
# files (they are removed only in step 3), so no download answers 404.
#
# Environment: READY_TIMEOUT (seconds per wait, default 180), WARM_PATHS (default "/en /es /zh").
set -euo pipefail

READY_TIMEOUT="${READY_TIMEOUT:-180}"
WARM_PATHS="${WARM_PATHS:-/en /es /zh}"

die() {
  echo "swap: $*" >&2
  exit 1
}
log() { echo "==> $*"; }

[ $# -ge 2 ] || die "usage: deploy/swap.sh BUILD_DIR NODE [NODE...]   (NODE: DIR=URL or HOST:DIR=URL)"
command -v curl >/dev/null || die "curl is needed"
command -v sha256sum >/dev/null || die "sha256sum is needed"
BUILD="${1%/}"
shift

[ -f "$BUILD/warehouse.duckdb" ] || die "no $BUILD/warehouse.duckdb"
[ -f "$BUILD/warehouse.duckdb.sha256" ] || die "no $BUILD/warehouse.duckdb.sha256 (cd $BUILD && sha256sum warehouse.duckdb > warehouse.duckdb.sha256)"
expected="$(awk 'NR == 1 { print $1 }' "$BUILD/warehouse.duckdb.sha256")"
[[ "$expected" =~ ^[0-9a-f]{64}$ ]] || die "$BUILD/warehouse.duckdb.sha256 holds no SHA-256"
# The generation is the one folder of exports/ with a datapackage.json.
mapfile -t packages < <(find "$BUILD/exports" -mindepth 2 -maxdepth 2 -name datapackage.json 2>/dev/null | sort)
[ "${#packages[@]}" -eq 1 ] || die "$BUILD/exports must hold the bulk files of exactly one generation (found ${#packages[@]}); run data:export into an empty EXPORT_DIR"
generation="$(basename "$(dirname "${packages[0]}")")"
log "generation $generation, sha256 $expected"
log "checking the build's own file"
echo "$expected  $BUILD/warehouse.duckdb" | sha256sum -c --quiet - || die "$BUILD/warehouse.duckdb does not match its checksum"

q() { printf '%q' "$1"; }

# A node: its host (empty: this machine), its data folder and its URL.
declare -a HOSTS=() DIRS=() URLS=() BEFORE=()
for spec in "$@"; do
  [[ "$spec" == *=* ]] || die "a node is DIR=URL or HOST:DIR=URL, not $spec"
  target="${spec%%=*}"
  url="${spec#*=}"
  url="${url%/}"
  if [[ "$target" == *:* && "$target" != /* && "$target" != .* ]]; then
    HOSTS+=("${target%%:*}")
    DIRS+=("${target#*:}")
  else
    HOSTS+=("")
    DIRS+=("$target")
  fi
  URLS+=("$url")
done

on_node() { # host command...
  local host="$1"
  shift
  if [ -z "$host" ]; then bash -c "$*"; else ssh -o BatchMode=yes "$host" "$*"; fi
}

copy_to() { # host source destination (a file, or a folder's content with a trailing /)
  local host="$1" source="$2" dest="$3"
  if [ -z "$host" ]; then
    if [ -d "$source" ]; then mkdir -p "$dest" && cp -a "$source/." "$dest/"; else cp "$source" "$dest"; fi
  else
    command -v rsync >/dev/null || die "rsync is needed to ship to $host"
    if [ -d "$source" ]; then rsync -a --partial "$source/" "$host:$dest/"; else rsync -a --partial "$source" "$host:$dest"; fi
  fi
}

# The node's readiness: "<http status> <generation>".
ready_of() {
  local body code
  body="$(curl -sS --max-time 5 -w '\n%{http_code}' "$1/api/health/ready" 2>/dev/null || true)"
  code="$(printf '%s' "$body" | tail -n 1)"
  printf '%s %s\n' "${code:-000}" "$(printf '%s' "$body" | sed -n 's/.*"generation":"\([^"]*\)".*/\1/p' | head -n 1)"
}

wait_ready() { # url [generation]
  local url="$1" want="${2:-}" end=$((SECONDS + READY_TIMEOUT)) state code gen
  while :; do
    state="$(ready_of "$url")"
    code="${state%% *}"
    gen="${state#* }"
    if [ "$code" = 200 ] && { [ -z "$want" ] || [ "$gen" = "$want" ]; }; then
      printf '%s' "$gen"
      return 0
    fi
    [ "$SECONDS" -lt "$end" ] || {
      echo "swap: $url is not ready${want:+ on generation $want} after ${READY_TIMEOUT} s (health $code, generation ${gen:-none})" >&2
      return 1
    }
    sleep 1
  done
}

# 1. Ship everything everywhere first.
for i in "${!URLS[@]}"; do
  host="${HOSTS[$i]}" dir="${DIRS[$i]}"
  where="${host:+$host:}$dir"
  incoming="$dir/warehouse.duckdb.incoming"
  log "[$where] shipping the bulk files of $generation"
  on_node "$host" "mkdir -p $(q "$dir/exports")"
  if on_node "$host" "test -f $(q "$dir/exports/$generation/datapackage.json")"; then
    echo "    already there"
  else
    aside="$dir/exports/.$generation.incoming"
    on_node "$host" "rm -rf $(q "$aside")"
    copy_to "$host" "$BUILD/exports/$generation" "$aside"
    on_node "$host" "rm -rf $(q "$dir/exports/$generation") && mv $(q "$aside") $(q "$dir/exports/$generation")"
  fi
  log "[$where] shipping the warehouse as $(basename "$incoming")"
  copy_to "$host" "$BUILD/warehouse.duckdb" "$incoming"
  # The checksum is checked under the temporary name the file has now, not the live one.
  on_node "$host" "echo $(q "$expected  $incoming") | sha256sum -c --quiet -" || die "[$where] the shipped warehouse does not match its checksum; nothing was swapped"
done

# 2. Swap, one node at a time.
for i in "${!URLS[@]}"; do
  host="${HOSTS[$i]}" dir="${DIRS[$i]}" url="${URLS[$i]}"
  where="${host:+$host:}$dir"
  log "[$where] waiting for $url to be ready"
  before="$(wait_ready "$url")" || die "[$where] the node is not ready; nothing more was swapped"
  BEFORE+=("$before")
  log "[$where] swapping generation ${before:-none} for $generation"
  live="$dir/warehouse.duckdb"
  on_node "$host" "if [ -f $(q "$live") ]; then ln -f $(q "$live") $(q "$dir/warehouse.duckdb.previous"); fi && mv -f $(q "$dir/warehouse.duckdb.incoming") $(q "$live")"
  if ! wait_ready "$url" "$generation" >/dev/null; then
    state="$(ready_of "$url")"
    if [ "${state#* }" != "$generation" ] && on_node "$host" "test -f $(q "$dir/warehouse.duckdb.previous")"; then
      on_node "$host" "mv -f $(q "$dir/warehouse.duckdb.previous") $(q "$live")"
      die "[$where] the node reports generation ${state#* }, not $generation (the bulk files'): it was put back on its previous warehouse; the rollout stopped"
    fi
    die "[$where] the node did not become ready on $generation; the rollout stopped"
  fi
  for path in $WARM_PATHS; do
    curl -sS -o /dev/null --max-time 60 "$url$path" || true
  done
  log "[$where] serves $generation"
done

# 3. Prune the bulk files nobody serves any more.
for i in "${!URLS[@]}"; do
  host="${HOSTS[$i]}" dir="${DIRS[$i]}"
  keep_before="${BEFORE[$i]:-}"
  on_node "$host" "cd $(q "$dir/exports") && for d in */; do d=\${d%/}; [ \"\$d\" = $(q "$generation") ] && continue; [ -n $(q "$keep_before") ] && [ \"\$d\" = $(q "$keep_before") ] && continue; [ -f \"\$d/datapackage.json\" ] && rm -rf -- \"\$d\"; done; true"
done
log "every node serves $generation"
