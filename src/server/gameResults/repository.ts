/**
 * Signed-in players' finished games on the server. The games API records a result itself when a
 * game it has checked ends (never a result the browser claims), the first per puzzle only, and
 * only while the player allows functional storage; withdrawing that consent deletes them.
 */
import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { GameId } from "@/domain/games/puzzle";
import type { GameResult } from "@/domain/games/stats";
import { getDb, type AppDb } from "@/server/db/client";
import type { InTx } from "@/server/history/repository";

/** How many results a player's statistics read (about a year of daily puzzles and then some). */
const RESULTS_READ = 500;

export function listResults(userId: string, game: GameId, db: AppDb = getDb()): Promise<GameResult[]> {
  const { gameResults } = db.t;
  return db.use(async (orm) => {
    const rows = await orm
      .select()
      .from(gameResults)
      .where(and(eq(gameResults.userId, userId), eq(gameResults.game, game)))
      .orderBy(desc(gameResults.playedAt))
      .limit(RESULTS_READ);
    return rows.reverse().map((r) => ({ game, puzzle: r.puzzle, won: r.won, score: r.score, at: r.playedAt.toISOString() }));
  });
}

/** Records a finished game; a puzzle already recorded keeps its first result. */
export function recordResult(userId: string, result: Omit<GameResult, "at">, at = new Date(), db: AppDb = getDb()): Promise<void> {
  const { gameResults } = db.t;
  return db.use(async (orm) => {
    await orm
      .insert(gameResults)
      .values({ userId, game: result.game, puzzle: result.puzzle, won: result.won, score: result.score, playedAt: at })
      .onConflictDoNothing();
  });
}

/** Deletes a player's results (inside the caller's transaction: consent withdrawn). */
export async function clearResultsIn(userId: string, { orm, t }: InTx): Promise<void> {
  await orm.delete(t.gameResults).where(eq(t.gameResults.userId, userId));
}
