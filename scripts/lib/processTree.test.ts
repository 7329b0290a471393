import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { descendants, treeRssMb } from "./processTree";

describe("processTree", () => {
  it("finds a process's children and grandchildren and counts their memory with its own", async () => {
    // A shell that starts a sleeping child, which starts a sleeping grandchild.
    const parent = spawn("sh", ["-c", "sh -c 'sleep 30 & wait' & wait"], { stdio: "ignore" });
    try {
      let found: number[] = [];
      for (let i = 0; i < 50 && found.length < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        found = descendants(parent.pid!);
      }
      expect(found.length).toBeGreaterThanOrEqual(2);
      expect(treeRssMb(parent.pid!)).toBeGreaterThanOrEqual(treeRssMb(found[0]!));
      expect(treeRssMb(parent.pid!)).toBeGreaterThan(0);
      expect(descendants(2 ** 22 + 12345)).toEqual([]);
      expect(treeRssMb(2 ** 22 + 12345)).toBe(0);
    } finally {
      for (const pid of descendants(parent.pid!)) process.kill(pid, "SIGKILL");
      parent.kill("SIGKILL");
    }
  });
});
