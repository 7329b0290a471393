import fs from "node:fs";
import path from "node:path";
import { it } from "vitest";
import { requirement, testTitle } from "./requirements";

/** The project's root (tests/spec/..). */
export const ROOT = path.resolve(__dirname, "../..");

/** A test named by the spec's words (tests/spec/requirements.ts, row `id`). */
export function spec(id: string, fn: () => void | Promise<void>): void {
  it(testTitle(requirement(id)), fn);
}

/** A project file's text (for values that live inside React components or CSS). */
export function source(relative: string): string {
  return fs.readFileSync(path.join(ROOT, relative), "utf8");
}

export function exists(relative: string): boolean {
  return fs.existsSync(path.join(ROOT, relative));
}

/** A route file under src/app/[locale] or src/app. */
export function route(relative: string): boolean {
  return exists(path.join("src/app", relative));
}

type Messages = Record<string, unknown>;
const cache = new Map<string, Messages>();

export function messages(locale: "en" | "es" | "zh"): Messages {
  if (!cache.has(locale)) cache.set(locale, JSON.parse(source(`messages/${locale}.json`)) as Messages);
  return cache.get(locale)!;
}

/** The message at a dotted key ("explorer.variants.4"), or undefined. */
export function message(locale: "en" | "es" | "zh", key: string): string | undefined {
  let node: unknown = messages(locale);
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

export const LOCALE_LIST = ["en", "es", "zh"] as const;
