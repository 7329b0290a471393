import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fileKey, forgetValue, keyedValue, processValue } from "./processState";

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
});
