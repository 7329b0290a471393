/**
 * Signed-in users' profile history on the server (spec section 3), so it follows them across
 * devices. Each write is one transaction: the visit lands and the list is trimmed to the cap
 * together, or neither happens.
 */
import "server-only";
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
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
    return trim(userId, tx);
  });
}

/**
 * Records visits made earlier (sent late by a browser): each keeps its own time, never later
 * than now, and never replaces a newer visit of the same link.
 */
export function recordVisits(userId: string, visits: HistoryEntry[], now = new Date(), db: DbOrTx = getDb()): HistoryEntry[] {
  return db.transaction((tx) => {
    for (const visit of visits) {
      const at = new Date(Math.min(visit.time, now.getTime()));
      tx.insert(profileHistory)
        .values({ userId, link: visit.link, title: visit.title, visitedAt: at })
        .onConflictDoUpdate({
          target: [profileHistory.userId, profileHistory.link],
          // Portable SQL (no SQLite-only max()): the newer visit's title and time win.
          set: {
            title: sql`CASE WHEN excluded.visited_at > ${profileHistory.visitedAt} THEN excluded.title ELSE ${profileHistory.title} END`,
            visitedAt: sql`CASE WHEN excluded.visited_at > ${profileHistory.visitedAt} THEN excluded.visited_at ELSE ${profileHistory.visitedAt} END`,
          },
        })
        .run();
    }
    return trim(userId, tx);
  });
}

/** Keeps the newest HISTORY_CAP rows of the user and answers them. */
function trim(userId: string, tx: DbOrTx): HistoryEntry[] {
  const kept = listHistory(userId, tx).map((entry) => entry.link);
  tx.delete(profileHistory)
    .where(and(eq(profileHistory.userId, userId), notInArray(profileHistory.link, kept)))
    .run();
  return listHistory(userId, tx);
}

export function clearHistory(userId: string, db: DbOrTx = getDb()): void {
  db.delete(profileHistory).where(eq(profileHistory.userId, userId)).run();
}
