import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import en from "../../messages/en.json";
import { CLIENT_NAMESPACES, PAGE_NAMESPACES, clientMessages } from "./clientMessages";

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

it("sends every namespace a client component asks for, and only those", () => {
  const used = new Set<string>();
  for (const file of sources(join(__dirname, ".."))) {
    for (const match of readFileSync(file, "utf8").matchAll(/useTranslations\(\s*(?:"([^"]*)")?\s*\)/g)) {
      // useTranslations() with no namespace would need every message: not allowed in client code.
      expect(match[1], `${file} calls useTranslations() without a namespace`).toBeTruthy();
      used.add(match[1]);
    }
  }
  for (const namespace of used) {
    expect(
      [...CLIENT_NAMESPACES, ...PAGE_NAMESPACES].some((sent) => namespace === sent || namespace.startsWith(`${sent}.`)),
      `${namespace} is used by a client component but not sent to the browser`,
    ).toBe(true);
  }
  const picked = clientMessages(en);
  expect(Object.keys(picked).sort()).toEqual([...new Set(CLIENT_NAMESPACES.map((n) => n.split(".")[0]))].sort());
  expect((picked.rankings as Record<string, unknown>).table).toEqual(en.rankings.table);
  expect(Object.keys(picked.rankings as object)).toEqual(["table"]);
  expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(en).length * 0.6);
});
