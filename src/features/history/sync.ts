"use client";

/**
 * Keeping a signed-in user's history in step with the server. The server's list is the truth;
 * visits this browser recorded but has not yet delivered wait in a pending list, are sent
 * (again) until the server has them, and count until then. Requests of this tab go one at a
 * time, so the last answer always holds every earlier write.
 */
import { mergeHistories, type HistoryEntry } from "@/domain/history/history";
import { historyKey, pendingHistoryKey } from "@/domain/consent/storageKeys";
import { clearServerHistory, fetchServerHistory, postServerVisits } from "./api";
import { clearLocalHistory, readHistory, recordLocalVisit, removeFromLocal, replaceLocal } from "./store";

/** Whether the history may still be written (consent can be withdrawn while a request runs). */
export type StillAllowed = () => boolean;

let queue: Promise<unknown> = Promise.resolve();
// Bumped by a clear: answers to requests that began before it are stale and not applied.
let generation = 0;

function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

function settle(userId: string, server: HistoryEntry[], allowed: StillAllowed, since: number) {
  if (!allowed() || since !== generation) return;
  replaceLocal(historyKey(userId), mergeHistories(server, readHistory(pendingHistoryKey(userId))));
}

/** A visit by a signed-in user: kept here at once, and on the server when it may keep it. */
export function recordUserVisit(userId: string, visit: HistoryEntry, serverAllows: boolean, allowed: StillAllowed): Promise<void> {
  recordLocalVisit(historyKey(userId), visit);
  recordLocalVisit(pendingHistoryKey(userId), visit);
  if (!serverAllows) return Promise.resolve();
  return inTurn(async () => {
    const since = generation;
    const server = await postServerVisits({ visit: { link: visit.link, title: visit.title } });
    if (!server) return;
    removeFromLocal(pendingHistoryKey(userId), [visit]);
    settle(userId, server, allowed, since);
  });
}

/** On page load: deliver what is pending, then take the server's list. */
export function syncUserHistory(userId: string, allowed: StillAllowed): Promise<void> {
  return inTurn(async () => {
    const since = generation;
    const pending = readHistory(pendingHistoryKey(userId));
    const server = pending.length ? await postServerVisits({ visits: pending }) : await fetchServerHistory();
    if (!server) return;
    if (pending.length) removeFromLocal(pendingHistoryKey(userId), pending);
    settle(userId, server, allowed, since);
  });
}

/** Clears the user's history here and on the server. */
export function clearUserHistory(userId: string): Promise<boolean> {
  generation += 1;
  clearLocalHistory(historyKey(userId));
  clearLocalHistory(pendingHistoryKey(userId));
  return inTurn(() => clearServerHistory());
}
