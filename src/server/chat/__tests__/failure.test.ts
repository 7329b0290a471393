/** A warehouse failure is an "error" answer with a plain message, never a throw or a number. */
import path from "node:path";
import { expect, it, vi } from "vitest";
import { PROJECT_ROOT } from "@/server/warehouse/__tests__/helpers";
import type { ChatContext } from "@/domain/chat/types";

vi.mock("@/server/warehouse/client", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/server/warehouse/client")>();
  return {
    ...original,
    queryCube: vi.fn(async () => {
      throw new Error("disk on fire");
    }),
  };
});

it("answers a warehouse failure with status error", async () => {
  // The package warehouse opens, but every query fails (the search index is built with queries too).
  process.env.WAREHOUSE_PATH = path.join(PROJECT_ROOT, "data", "warehouse.duckdb");
  const chat = await import("../interpreter");
  const errorSpy = vi.spyOn(console, "error").mockImplementation(() => {});
  const answer = await chat.answerQuestion({ question: "What does Chile export?", locale: "es", context: null });
  expect(answer.status).toBe("error");
  expect(answer.text).toMatch(/datos/);
  expect(answer.figures).toEqual([]);
  const context: ChatContext = { intent: "topProducts", places: [{ kind: "country", id: "chl", name: "Chile" }], product: null, flow: "export", year: null, range: null };
  const direct = await chat.answerContext(context, "en");
  expect(direct.status).toBe("error");
  expect(direct.text).not.toMatch(/\d/);
  expect(direct.context).toMatchObject({ intent: "topProducts" });
  errorSpy.mockRestore();
});
