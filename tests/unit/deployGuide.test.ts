/**
 * docs/deploy.md's marked blocks are what the scale tests run (tests/scale/guide.ts): they exist,
 * name the files the project ships, and use the example paths the tests replace. The scale suite
 * runs them; this keeps a guide edit that breaks the markers from waiting for that run.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GUIDE, guideBlock, substitute } from "../scale/guide";

const ROOT = path.resolve(__dirname, "../..");

describe("docs/deploy.md, the blocks the scale tests run", () => {
  it("marks the nginx, build and swap blocks, each naming what the project ships", () => {
    const nginx = guideBlock("nginx");
    expect(nginx).toContain("/srv/oto-nginx");
    expect(nginx).toContain("deploy/nginx.conf");
    const build = guideBlock("build");
    expect(build).toMatch(/npm run data:import -- --out \/srv\/build\/warehouse\.duckdb/);
    expect(build).toMatch(/EXPORT_DIR=\/srv\/build\/exports npm run data:export/);
    expect(build).toContain("sha256sum warehouse.duckdb > warehouse.duckdb.sha256");
    const swap = guideBlock("swap");
    for (const example of ["deploy/swap.sh /srv/build", "node-a:/srv/oto/data", "node-b:/srv/oto/data", "http://10.0.0.11:3000", "http://10.0.0.12:3000"]) expect(swap).toContain(example);
    for (const file of ["deploy/nginx.conf", "deploy/swap.sh"]) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it("finds only a sh block right after its marker, and refuses a replacement the block lacks", () => {
    expect(guideBlock("x", "<!-- scale-test: x -->\n```sh\necho one\necho two\n```\n")).toBe("echo one\necho two");
    expect(() => guideBlock("x", "<!-- scale-test: x -->\nSome words.\n```sh\necho\n```\n")).toThrow(/not a ```sh block/);
    expect(() => guideBlock("y", readFileSync(GUIDE, "utf8"))).toThrow(/no block marked/);
    expect(() => guideBlock("x", "<!-- scale-test: x -->\n```sh\na\n```\n<!-- scale-test: x -->\n```sh\nb\n```\n")).toThrow(/two blocks/);
    expect(substitute("cp /srv/a /srv/b", { "/srv/a": "/tmp/a" })).toBe("cp /tmp/a /srv/b");
    expect(() => substitute("cp /srv/a", { "/srv/c": "/tmp/c" })).toThrow(/no longer contains/);
  });
});
