/**
 * Signed-in users' profile history on the server (spec section 3), so it follows them across
 * devices. Each write is one transaction: the visit lands and the list is trimmed to the cap
 * together, or neither happens.
 */
import { and, desc, eq, notInArray } from "drizzle-orm";
import { HISTORY_CAP, type HistoryEntry } from "@/domain/history/history";
import { getDb, type AppDb } from "@/server/db/client";
import { profileHistory } from "@/server/db/schema";

/** The database or a transaction on it: both run these queries. */
export type DbOrTx = Pick<AppDb, "select" | "insert" | "delete" | "update" | "transaction">;

export function listHistory(userId: string, db: DbOrTx = getDb()): HistoryEntry[] {
  return db
    .select()
    .from(profileHistory)
    .where(eq(profileHistory.userId, userId))
    .orderBy(desc(profileHistory.visitedAt), desc(profileHistory.link))
    .limit(HISTORY_CAP)
    .all()
    .map((row) => ({ link: row.link, title: row.title, time: row.visitedAt.getTime() }));
}

/** Records a visit (a revisit moves the link to the top) and keeps the newest HISTORY_CAP. */
export function recordVisit(userId: string, visit: { link: string; title: string }, at = new Date(), db: DbOrTx = getDb()): HistoryEntry[] {
  return db.transaction((tx) => {
    tx.insert(profileHistory)
      .values({ userId, link: visit.link, title: visit.title, visitedAt: at })
      .onConflictDoUpdate({ target: [profileHistory.userId, profileHistory.link], set: { title: visit.title, visitedAt: at } })
      .run();
    const kept = listHistory(userId, tx).map((entry) => entry.link);
    tx.delete(profileHistory)
      .where(and(eq(profileHistory.userId, userId), notInArray(profileHistory.link, kept)))
      .run();
    return listHistory(userId, tx);
  });
}

export function clearHistory(userId: string, db: DbOrTx = getDb()): void {
  db.delete(profileHistory).where(eq(profileHistory.userId, userId)).run();
}
