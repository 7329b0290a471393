/**
 * A guest's conversations in local storage: written only with consent, read back newest first,
 * bounded, and removed by the consent effect (the same key prefix).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addTurn } from "@/domain/chat/schemas";
import { MAX_SESSIONS, MAX_TURNS, type ChatAnswer, type ChatSession } from "@/domain/chat/types";
import { runRemovals } from "@/features/consent/browser";
import { effectsOf } from "@/domain/consent/consent";
import { chatSessionKey, deleteLocalSession, newSessionId, readLocalSessions, writeLocalSession } from "./store";

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

const answer: ChatAnswer = { status: "unmatched", text: "No match.", figures: [], chart: null, source: null, apiUrl: null, links: [], suggestions: [], context: null, engine: "interpreter" };
const session = (id: string, at: number): ChatSession => addTurn({ id, title: "", turns: [], updatedAt: 0 }, { question: `question ${id}`, answer, at });

let local: MemoryStorage;
beforeEach(() => {
  local = new MemoryStorage();
  (globalThis as Record<string, unknown>).window = { localStorage: local, sessionStorage: new MemoryStorage() };
  (globalThis as Record<string, unknown>).document = { cookie: "" };
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>).window;
  delete (globalThis as Record<string, unknown>).document;
});

describe("local chat sessions", () => {
  it("are written only with consent, and read back newest first", () => {
    writeLocalSession(session("a", 1), false);
    expect(local.length).toBe(0);
    writeLocalSession(session("a", 1), true);
    writeLocalSession(session("b", 2), true);
    expect(readLocalSessions().map((s) => [s.id, s.title])).toEqual([
      ["b", "question b"],
      ["a", "question a"],
    ]);
    deleteLocalSession("a");
    expect(readLocalSessions().map((s) => s.id)).toEqual(["b"]);
  });

  it("keep at most MAX_SESSIONS conversations and MAX_TURNS turns", () => {
    for (let i = 0; i < MAX_SESSIONS + 3; i++) writeLocalSession(session(`s${i}`, i), true);
    const kept = readLocalSessions();
    expect(kept).toHaveLength(MAX_SESSIONS);
    expect(kept.at(-1)!.id).toBe("s3");
    let long = session("long", 0);
    for (let i = 1; i <= MAX_TURNS + 5; i++) long = addTurn(long, { question: `q${i}`, answer, at: i });
    expect(long.turns).toHaveLength(MAX_TURNS);
  });

  it("drop entries that are not conversations", () => {
    local.setItem(chatSessionKey("x"), "{not json");
    local.setItem(chatSessionKey("y"), JSON.stringify({ id: "other", title: "t", turns: [], updatedAt: 1 }));
    local.setItem(chatSessionKey("z"), JSON.stringify({ ...session("z", 1), turns: [{ question: "q", answer: { status: "nope" }, at: 1 }] }));
    local.setItem("ots-history:guest", "[]");
    expect(readLocalSessions()).toEqual([]);
    expect([...Array(local.length)].map((_, i) => local.key(i))).toEqual(["ots-history:guest"]);
  });

  it("are removed when functional or tracking consent is withdrawn", () => {
    for (const next of [
      { checked: true, functional: false, tracking: true },
      { checked: true, functional: true, tracking: false },
    ]) {
      writeLocalSession(session("a", 1), true);
      local.setItem("ots-games:tradle:guest", "[]");
      runRemovals(effectsOf({ checked: true, functional: true, tracking: true }, next).filter((e) => e !== "reload" && e !== "clearDataLayer"));
      expect(readLocalSessions()).toEqual([]);
    }
  });

  it("get ids that are safe storage keys", () => {
    expect(newSessionId()).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});
