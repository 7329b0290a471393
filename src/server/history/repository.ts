/**
 * Signed-in users' profile history on the server (spec section 3), so it follows them across
 * devices. Each write is one transaction: the visit lands and the list is trimmed to the cap
 * together, or neither happens.
 */
import "server-only";
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { HISTORY_CAP, type HistoryEntry } from "@/domain/history/history";
import { getDb, type AppDb, type Orm, type Tables } from "@/server/db/client";

/** Inside a transaction (or a single use) of the app database. */
export interface InTx {
  orm: Orm;
  t: Tables;
}

async function historyOf(userId: string, { orm, t }: InTx): Promise<HistoryEntry[]> {
  const { profileHistory } = t;
  const rows = await orm
    .select()
    .from(profileHistory)
    .where(eq(profileHistory.userId, userId))
    .orderBy(desc(profileHistory.visitedAt), desc(profileHistory.link))
    .limit(HISTORY_CAP);
  return rows.map((row) => ({ link: row.link, title: row.title, time: row.visitedAt.getTime() }));
}

export function listHistory(userId: string, db: AppDb = getDb()): Promise<HistoryEntry[]> {
  return db.use((orm) => historyOf(userId, { orm, t: db.t }));
}

/** Records a visit (a revisit moves the link to the top) and keeps the newest HISTORY_CAP. */
export function recordVisit(userId: string, visit: { link: string; title: string }, at = new Date(), db: AppDb = getDb()): Promise<HistoryEntry[]> {
  const { profileHistory } = db.t;
  return db.tx(async (orm) => {
    await orm
      .insert(profileHistory)
      .values({ userId, link: visit.link, title: visit.title, visitedAt: at })
      .onConflictDoUpdate({ target: [profileHistory.userId, profileHistory.link], set: { title: visit.title, visitedAt: at } });
    return trim(userId, { orm, t: db.t });
  });
}

/**
 * Records visits made earlier (sent late by a browser): each keeps its own time, never later
 * than now, and never replaces a newer visit of the same link.
 */
export function recordVisits(userId: string, visits: HistoryEntry[], now = new Date(), db: AppDb = getDb()): Promise<HistoryEntry[]> {
  const { profileHistory } = db.t;
  return db.tx(async (orm) => {
    for (const visit of visits) {
      const at = new Date(Math.min(visit.time, now.getTime()));
      await orm
        .insert(profileHistory)
        .values({ userId, link: visit.link, title: visit.title, visitedAt: at })
        .onConflictDoUpdate({
          target: [profileHistory.userId, profileHistory.link],
          // Portable SQL (no SQLite-only max()): the newer visit's title and time win.
          set: {
            title: sql`CASE WHEN excluded.visited_at > ${profileHistory.visitedAt} THEN excluded.title ELSE ${profileHistory.title} END`,
            visitedAt: sql`CASE WHEN excluded.visited_at > ${profileHistory.visitedAt} THEN excluded.visited_at ELSE ${profileHistory.visitedAt} END`,
          },
        });
    }
    return trim(userId, { orm, t: db.t });
  });
}

/** Keeps the newest HISTORY_CAP rows of the user and answers them. */
async function trim(userId: string, inTx: InTx): Promise<HistoryEntry[]> {
  const { profileHistory } = inTx.t;
  const kept = (await historyOf(userId, inTx)).map((entry) => entry.link);
  await inTx.orm.delete(profileHistory).where(and(eq(profileHistory.userId, userId), notInArray(profileHistory.link, kept)));
  return historyOf(userId, inTx);
}

/** Deletes the user's history (inside the caller's transaction). */
export async function clearHistoryIn(userId: string, { orm, t }: InTx): Promise<void> {
  await orm.delete(t.profileHistory).where(eq(t.profileHistory.userId, userId));
}

export function clearHistory(userId: string, db: AppDb = getDb()): Promise<void> {
  return db.use((orm) => clearHistoryIn(userId, { orm, t: db.t }));
}
