import "server-only";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { operatorDocFor } from "@/domain/content/operatorDocs";
import { settings } from "@/server/settings";

/** The text of an allow-listed operator doc (docs/<name>.md), or null when the name is not one. */
export async function readOperatorDoc(file: string): Promise<string | null> {
  const doc = operatorDocFor(file);
  if (!doc) return null;
  return readFile(join(settings().projectRoot, "docs", `${doc}.md`), "utf8").catch(() => null);
}
