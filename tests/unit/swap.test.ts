/**
 * deploy/swap.sh, run for real on two "nodes" on this machine (folders), with a stand-in for curl
 * that answers each node's /api/health/ready with the generation of the warehouse file it has
 * (as a node does after it notices the new file). Checks the order the guide promises: bulk files
 * everywhere before any swap, the checksum under the temporary name, the swap, the prune.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const SCRIPT = path.resolve(__dirname, "../../deploy/swap.sh");
const hasTools = spawnSync("bash", ["-c", "command -v sha256sum && command -v awk && command -v sed"]).status === 0;

// The generation a node reports: the first 12 hex of its warehouse file's SHA-256 ("gen-" + ...).
const FAKE_CURL = `#!/usr/bin/env bash
url="\${@: -1}"
out=""
for ((i=1; i<=$#; i++)); do [ "\${!i}" = "-o" ] && { j=$((i+1)); out="\${!j}"; }; done
echo "$url" >> "$FAKE_LOG"
case "$url" in
  */api/health/ready)
    base="\${url%/api/health/ready}"
    dir="$(grep -F "$base=" "$FAKE_NODES" | head -n 1 | cut -d= -f2-)"
    gen="gen-$(sha256sum "$dir/warehouse.duckdb" | cut -c1-12)"
    printf '{"status":"ok","warehouse":{"available":true,"generation":"%s","builtAt":null}}\\n200' "$gen";;
  *) [ -n "$out" ] || printf 'page';;
esac
`;

let root: string;
const sha = (text: string) => createHash("sha256").update(text).digest("hex");
const genOf = (text: string) => `gen-${sha(text).slice(0, 12)}`;

function setUp(newWarehouse: string, sumOf = newWarehouse) {
  const build = path.join(root, "build");
  mkdirSync(path.join(build, "exports", genOf(newWarehouse)), { recursive: true });
  writeFileSync(path.join(build, "warehouse.duckdb"), newWarehouse);
  writeFileSync(path.join(build, "warehouse.duckdb.sha256"), `${sha(sumOf)}  warehouse.duckdb\n`);
  writeFileSync(path.join(build, "exports", genOf(newWarehouse), "datapackage.json"), "{}");
  writeFileSync(path.join(build, "exports", genOf(newWarehouse), "trade_2018.csv.gz"), "new rows");
  const nodes = ["a", "b"].map((name) => {
    const dir = path.join(root, name);
    mkdirSync(path.join(dir, "exports", genOf("old warehouse")), { recursive: true });
    mkdirSync(path.join(dir, "exports", genOf("older warehouse")), { recursive: true });
    writeFileSync(path.join(dir, "warehouse.duckdb"), "old warehouse");
    writeFileSync(path.join(dir, "exports", genOf("old warehouse"), "datapackage.json"), "{}");
    writeFileSync(path.join(dir, "exports", genOf("older warehouse"), "datapackage.json"), "{}");
    return { dir, url: `http://node-${name}:3000` };
  });
  writeFileSync(path.join(root, "nodes"), nodes.map((n) => `${n.url}=${n.dir}`).join("\n") + "\n");
  return { build, nodes };
}

function swap(build: string, nodes: { dir: string; url: string }[]) {
  return spawnSync("bash", [SCRIPT, build, ...nodes.map((n) => `${n.dir}=${n.url}`)], {
    encoding: "utf8",
    env: { ...process.env, PATH: `${path.join(root, "bin")}:${process.env.PATH}`, FAKE_NODES: path.join(root, "nodes"), FAKE_LOG: path.join(root, "curl.log"), READY_TIMEOUT: "3", WARM_PATHS: "/en" },
    timeout: 60_000,
  });
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "oto-swap-"));
  mkdirSync(path.join(root, "bin"));
  writeFileSync(path.join(root, "bin", "curl"), FAKE_CURL);
  chmodSync(path.join(root, "bin", "curl"), 0o755);
  writeFileSync(path.join(root, "curl.log"), "");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(!hasTools)("deploy/swap.sh", () => {
  it("is valid bash", () => {
    expect(() => execFileSync("bash", ["-n", SCRIPT])).not.toThrow();
  });

  it("ships bulk files and warehouse everywhere, swaps node by node, and prunes what nobody serves", () => {
    const { build, nodes } = setUp("new warehouse");
    const result = swap(build, nodes);
    expect(result.status, result.stderr + result.stdout).toBe(0);
    for (const node of nodes) {
      expect(readFileSync(path.join(node.dir, "warehouse.duckdb"), "utf8")).toBe("new warehouse");
      // The previous file is kept for a rollback; the temporary one is gone.
      expect(readFileSync(path.join(node.dir, "warehouse.duckdb.previous"), "utf8")).toBe("old warehouse");
      expect(existsSync(path.join(node.dir, "warehouse.duckdb.incoming"))).toBe(false);
      // The new generation's files, and the previous generation's (downloads under way); older ones pruned.
      expect(readdirSync(path.join(node.dir, "exports")).sort()).toEqual([genOf("new warehouse"), genOf("old warehouse")].sort());
      expect(readFileSync(path.join(node.dir, "exports", genOf("new warehouse"), "trade_2018.csv.gz"), "utf8")).toBe("new rows");
    }
    expect(result.stdout).toContain(`every node serves ${genOf("new warehouse")}`);
    // Node b was swapped only after node a served the new generation.
    const log = readFileSync(path.join(root, "curl.log"), "utf8").trim().split("\n");
    expect(log.indexOf("http://node-a:3000/en")).toBeGreaterThan(-1);
    expect(log.indexOf("http://node-a:3000/en")).toBeLessThan(log.indexOf("http://node-b:3000/api/health/ready"));
  });

  it("swaps nothing when the shipped file does not match its checksum", () => {
    const { build, nodes } = setUp("new warehouse", "something else");
    const result = swap(build, nodes);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/checksum/);
    for (const node of nodes) expect(readFileSync(path.join(node.dir, "warehouse.duckdb"), "utf8")).toBe("old warehouse");
  });

  it("puts a node back and stops when it reports another generation than the bulk files'", () => {
    const { build, nodes } = setUp("new warehouse");
    // Bulk files of another warehouse under the build's export folder name.
    const wrong = path.join(build, "exports", "gen-000000000000");
    execFileSync("mv", [path.join(build, "exports", genOf("new warehouse")), wrong]);
    const result = swap(build, nodes);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/put back on its previous warehouse/);
    expect(readFileSync(path.join(nodes[0]!.dir, "warehouse.duckdb"), "utf8")).toBe("old warehouse");
    expect(readFileSync(path.join(nodes[1]!.dir, "warehouse.duckdb"), "utf8")).toBe("old warehouse");
  });
});
