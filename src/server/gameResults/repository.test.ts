import { beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, useAppDb } from "@/server/db/__tests__/appDbs";
import { createUser, deleteUser } from "@/server/auth/users";
import { saveConsent } from "@/server/consent/store";
import { summarise } from "@/domain/games/stats";
import { listResults, recordResult } from "./repository";

const at = (n: number) => new Date(Date.UTC(2026, 10, 1 + n, 12));

describe.each(DIALECTS)("game results on %s", (dialect) => {
  const getDb = useAppDb(dialect);
  let db: ReturnType<typeof getDb>;
  let userId: string;
  beforeEach(async () => {
    db = getDb();
    userId = (await createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db)).id;
  });

  it("keeps the first result of each puzzle, per game, and summarises streaks", async () => {
    await recordResult(userId, { game: "tradle", puzzle: "d-2026-11-01", won: true, score: 3 }, at(0), db);
    await recordResult(userId, { game: "tradle", puzzle: "d-2026-11-02", won: true, score: 2 }, at(1), db);
    // Replaying a puzzle changes nothing.
    await recordResult(userId, { game: "tradle", puzzle: "d-2026-11-02", won: false, score: 7 }, at(1), db);
    await recordResult(userId, { game: "tradle", puzzle: "p-123", won: false, score: 7 }, at(2), db);
    await recordResult(userId, { game: "pick-5", puzzle: "d-2026-11-02", won: true, score: 9 }, at(1), db);
    const results = await listResults(userId, "tradle", db);
    expect(results.map((r) => [r.puzzle, r.won, r.score])).toEqual([
      ["d-2026-11-01", true, 3],
      ["d-2026-11-02", true, 2],
      ["p-123", false, 7],
    ]);
    expect(summarise(results)).toMatchObject({ played: 3, won: 2, currentStreak: 2, maxStreak: 2 });
    expect(await listResults(userId, "pick-5", db)).toHaveLength(1);
  });

  it("are deleted when functional consent is withdrawn, and with the user", async () => {
    await recordResult(userId, { game: "tradle", puzzle: "d-2026-11-01", won: true, score: 3 }, at(0), db);
    await saveConsent(userId, { checked: true, functional: true, tracking: false }, db);
    expect(await listResults(userId, "tradle", db)).toHaveLength(1);
    await saveConsent(userId, { checked: true, functional: false, tracking: false }, db);
    expect(await listResults(userId, "tradle", db)).toEqual([]);
    await recordResult(userId, { game: "tradle", puzzle: "d-2026-11-02", won: true, score: 3 }, at(1), db);
    await deleteUser(userId, db);
    expect(await listResults(userId, "tradle", db)).toEqual([]);
  });
});
