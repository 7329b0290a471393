import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fileKey, forgetValue, heldValue, keyedValue, processValue } from "./processState";

const NAME = "processState.test:value";

afterEach(() => forgetValue(NAME));

describe("processState", () => {
  it("makes a process value once and hands the same one back", () => {
    const make = vi.fn(() => ({ made: true }));
    const first = processValue(NAME, make);
    expect(processValue(NAME, make)).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it("keeps a keyed value while the key holds and makes a new one when it changes", () => {
    let made = 0;
    const make = () => ({ n: ++made });
    const one = keyedValue(NAME, 1, make);
    expect(keyedValue(NAME, 1, make)).toBe(one);
    const two = keyedValue(NAME, 2, make);
    expect(two).toEqual({ n: 2 });
    // The old generation is gone, not kept beside the new one.
    expect(keyedValue(NAME, 1, make)).toEqual({ n: 3 });
  });

  it("does not keep a promise that rejects: the next call tries again", async () => {
    const failing = keyedValue(NAME, 7, () => Promise.reject(new Error("no warehouse")));
    await expect(failing).rejects.toThrow("no warehouse");
    const retried = keyedValue(NAME, 7, () => Promise.resolve("loaded"));
    await expect(retried).resolves.toBe("loaded");
    expect(keyedValue(NAME, 7, () => Promise.resolve("again"))).toBe(retried);
  });

  it("is shared by two copies of the module, as Next.js bundles load it", async () => {
    vi.resetModules();
    const other = await import("./processState");
    expect(other.keyedValue).not.toBe(keyedValue); // a second module instance
    const mine = processValue(NAME, () => ({ from: "first copy" }));
    expect(other.processValue(NAME, () => ({ from: "second copy" }))).toBe(mine);
    other.forgetValue(NAME);
    expect(processValue(NAME, () => ({ from: "after forget" }))).toEqual({ from: "after forget" });
  });

  it("keys a file by its version", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "process-state-"));
    const file = path.join(dir, "data.json");
    try {
      expect(fileKey(file)).toBe("missing");
      fs.writeFileSync(file, "{}");
      const before = fileKey(file);
      expect(before).not.toBe("missing");
      fs.writeFileSync(file, '{"changed":true}');
      expect(fileKey(file)).not.toBe(before);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("forgets a value only while it is the one held, when told which", () => {
    const old = keyedValue(NAME, 1, () => ({ generation: 1 }));
    const current = keyedValue(NAME, 2, () => ({ generation: 2 }));
    forgetValue(NAME, old); // a late failure of the old generation
    expect(heldValue(NAME)).toBe(current);
    forgetValue(NAME, current);
    expect(heldValue(NAME)).toBeUndefined();
  });
});

/** Production files under src/ (no tests), for the check that every holder goes through processState. */
function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__tests__" || entry.name === "fixtures" ? [] : productionFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("process state has one home", () => {
  const src = path.resolve(__dirname, "..");
  const files = productionFiles(src).map((file) => ({ file: path.relative(src, file).split(path.sep).join("/"), text: fs.readFileSync(file, "utf8") }));

  it("no module keeps its own holder on globalThis", () => {
    const holders = files.filter(({ file, text }) => file !== "server/processState.ts" && /globalThis\s+as\b|globalThis\.__/.test(text)).map(({ file }) => file);
    expect(holders).toEqual([]);
  });

  it("no server module caches in a module-level let (one copy per bundle: the trap fixed in b7701b2)", () => {
    const lets = files.filter(({ file }) => file.startsWith("server/")).flatMap(({ file, text }) => text.split("\n").flatMap((line, i) => (/^let /.test(line) ? [`${file}:${i + 1}`] : [])));
    expect(lets).toEqual([]);
  });
});
