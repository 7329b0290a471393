import { describe, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import { leastBusy, type RenderTarget } from "./renderPool";

const worker = {} as ChildProcess;
const target = (port: number, inFlight: number, child: ChildProcess | null): RenderTarget => ({ host: "127.0.0.1", port, inFlight, child });

describe("which process renders next", () => {
  it("is the one with the fewest renders under way, this process counting two more (it also runs the door)", () => {
    const self = target(1, 0, null);
    expect(leastBusy([self]).port).toBe(1);
    expect(leastBusy([self, target(2, 0, worker)]).port).toBe(2);
    expect(leastBusy([self, target(2, 1, worker)]).port).toBe(2);
    // A tie (this process's 0 + 2 against a worker's 2): this process, no extra hop.
    expect(leastBusy([self, target(2, 2, worker)]).port).toBe(1);
    expect(leastBusy([target(1, 1, null), target(2, 4, worker), target(3, 2, worker)]).port).toBe(3);
  });
});
