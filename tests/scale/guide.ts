/**
 * The operator's guide as the scale tests run it: docs/deploy.md marks the shell blocks the tests
 * execute with `<!-- scale-test: NAME -->` on the line before the fence. A test takes the block as
 * written and replaces only the guide's example paths and addresses (each replacement must match,
 * so a guide that changes its example fails the test instead of silently running something else).
 * A guide edit that breaks a command breaks the test.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
export const GUIDE = path.join(ROOT, "docs/deploy.md");

/** The shell block of docs/deploy.md marked `<!-- scale-test: name -->`, as written. */
export function guideBlock(name: string, text = readFileSync(GUIDE, "utf8")): string {
  const marker = `<!-- scale-test: ${name} -->`;
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`docs/deploy.md has no block marked ${marker}`);
  if (text.indexOf(marker, at + marker.length) >= 0) throw new Error(`docs/deploy.md marks two blocks ${marker}`);
  const fence = /^[ \t]*\n?```(?:sh|bash)\n([\s\S]*?)\n```/.exec(text.slice(at + marker.length));
  if (!fence) throw new Error(`the line after ${marker} in docs/deploy.md is not a \`\`\`sh block`);
  return fence[1]!;
}

/** `block` with each example replaced; throws when one is not in it. */
export function substitute(block: string, replacements: Record<string, string>): string {
  let out = block;
  for (const [example, value] of Object.entries(replacements)) {
    if (!out.includes(example)) throw new Error(`the guide's block no longer contains ${JSON.stringify(example)}:\n${block}`);
    out = out.split(example).join(value);
  }
  return out;
}

/**
 * Runs a guide block under bash (-euo pipefail, in the project folder), in its own process group.
 * `prelude` defines stand-ins (shell functions) for commands the test cannot run for real.
 */
export function runGuide(script: string, options: { env?: NodeJS.ProcessEnv; prelude?: string; inherit?: boolean } = {}): ChildProcess {
  return spawn("bash", ["-euo", "pipefail", "-c", `${options.prelude ?? ""}\n${script}`], {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: options.inherit ? ["ignore", "inherit", "inherit"] : ["ignore", "pipe", "pipe"],
    detached: true,
  });
}

/** Runs a guide block to its end: its exit code and output. */
export function runGuideToEnd(script: string, options: { env?: NodeJS.ProcessEnv; prelude?: string; timeoutMs?: number } = {}): Promise<{ code: number | null; output: string }> {
  const child = runGuide(script, options);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      output += `\n[killed after ${(options.timeoutMs ?? 0) / 1000} s]`;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // gone
      }
    }, options.timeoutMs ?? 600_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
