import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeWarehouse } from "@/server/warehouse/db";
import { importTiny, tempDir } from "@/server/warehouse/__tests__/helpers";
import { profileIndex, resetProfileIndex } from "./build";

const dir = tempDir("index-test-");
beforeAll(async () => {
  process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
  await importTiny(process.env.WAREHOUSE_PATH);
  resetProfileIndex();
});
afterAll(() => {
  closeWarehouse();
  resetProfileIndex();
  fs.rmSync(dir, { recursive: true, force: true });
});

it("builds the index from the warehouse and follows a re-import without stalling", async () => {
  const first = await profileIndex();
  expect(first.profileCount).toBeGreaterThan(0);
  expect(first.entity("country", "chl")).toBeDefined();
  expect(await profileIndex()).toBe(first);

  await importTiny(process.env.WAREHOUSE_PATH!, { force: true });
  // The old index answers at once while the new one is built, then the new one takes over.
  expect(await profileIndex()).toBe(first);
  await expect.poll(async () => (await profileIndex()) !== first, { timeout: 30_000 }).toBe(true);
  expect((await profileIndex()).profileCount).toBe(first.profileCount);
});
