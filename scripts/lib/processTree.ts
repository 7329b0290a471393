/**
 * A process and what it started, read from Linux's /proc: a server counted with its render
 * workers (tsx starts serve.ts as a child, which forks the workers). For the benchmarks and the
 * scale tests; a process gone meanwhile simply drops out.
 */
import { readFileSync } from "node:fs";

/** Every process below `pid` (children, their children, ...). */
export function descendants(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** Resident memory of `pid` and every process below it, MB. */
export function treeRssMb(pid: number): number {
  const kb = [pid, ...descendants(pid)].reduce((sum, id) => {
    try {
      return sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      return sum;
    }
  }, 0);
  return Math.round(kb / 1024);
}
