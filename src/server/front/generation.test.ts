import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildId, generationReader, warehouseIdentity } from "./generation";

describe("generation", () => {
  it("changes when an import swaps in a new warehouse file, not between reads", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oto-gen-"));
    const file = path.join(dir, "warehouse.duckdb");
    fs.writeFileSync(file, "generation one");
    const first = warehouseIdentity(file);
    expect(warehouseIdentity(file)).toBe(first);
    // What the importer does: write a new file beside it, then rename it over the old one.
    fs.writeFileSync(`${file}.new`, "generation two!");
    fs.renameSync(`${file}.new`, file);
    expect(warehouseIdentity(file)).not.toBe(first);
    expect(warehouseIdentity(path.join(dir, "missing.duckdb"))).toBe("none");
  });

  it("reads the build id, or says there is none", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "oto-build-"));
    expect(buildId(dir)).toBe("dev");
    fs.mkdirSync(path.join(dir, ".next"));
    fs.writeFileSync(path.join(dir, ".next", "BUILD_ID"), "abc123\n");
    expect(buildId(dir)).toBe("abc123");
  });
});

describe("generationReader", () => {
  it("looks at the warehouse at most once a second, and sees a swap after that", () => {
    let time = 0;
    let file = "one";
    let looks = 0;
    const read = generationReader("b1", 1000, () => time, () => (looks++, file));
    expect(read()).toBe("b1:one");
    file = "two";
    time = 999;
    expect(read()).toBe("b1:one");
    expect(looks).toBe(1);
    time = 1000;
    expect(read()).toBe("b1:two");
  });
});
