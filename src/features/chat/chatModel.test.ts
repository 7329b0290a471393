import { describe, expect, it } from "vitest";
import { MAX_QUESTION_LENGTH, MAX_TURNS, type ChatAnswer } from "@/domain/chat/types";
import { answered, blankSession, chatReducer, checkQuestion, failureError, initialChat, storageNote, summarise, upsert, type ChatModel } from "./chatModel";

const answer: ChatAnswer = { status: "unmatched", text: "No match.", figures: [], chart: null, source: null, apiUrl: null, links: [], suggestions: [], context: null, engine: "interpreter" };
const start = initialChat(blankSession("s1"));
const withTurn = (id: string, at: number) => answered(blankSession(id), `question ${id}`, answer, at);

describe("checkQuestion", () => {
  it("trims a question and refuses an empty or too long one", () => {
    expect(checkQuestion("  exports of Chile \n")).toEqual({ ok: true, text: "exports of Chile" });
    expect(checkQuestion("   ")).toEqual({ ok: false, error: { key: "empty" } });
    expect(checkQuestion("")).toEqual({ ok: false, error: { key: "empty" } });
    expect(checkQuestion("x".repeat(MAX_QUESTION_LENGTH))).toMatchObject({ ok: true });
    expect(checkQuestion("x".repeat(MAX_QUESTION_LENGTH + 1))).toEqual({ ok: false, error: { key: "tooLong", max: MAX_QUESTION_LENGTH } });
  });
});

describe("failureError", () => {
  it("maps the API's error codes to what the reader is told", () => {
    expect(failureError("rate_limited", 30)).toEqual({ key: "rateLimited", seconds: 30 });
    expect(failureError("rate_limited", null)).toEqual({ key: "rateLimitedNoTime" });
    expect(failureError("csrf", null)).toEqual({ key: "csrf" });
    expect(failureError("network", null)).toEqual({ key: "network" });
    expect(failureError("invalid", null)).toEqual({ key: "invalid" });
    expect(failureError("unavailable", null)).toEqual({ key: "unavailable" });
    expect(failureError("something_new", 5)).toEqual({ key: "unavailable" });
  });
});

describe("conversations", () => {
  it("titles a conversation by its first question and adds turns", () => {
    const once = answered(blankSession("a"), "  What does   Chile export? ", answer, 10);
    expect(once).toMatchObject({ id: "a", title: "What does Chile export?", updatedAt: 10 });
    const twice = answered(once, "And Peru?", answer, 20);
    expect(twice.title).toBe("What does Chile export?");
    expect(twice.turns.map((t) => t.question)).toEqual(["  What does   Chile export? ", "And Peru?"]);
    let long = once;
    for (let i = 0; i < MAX_TURNS + 3; i++) long = answered(long, `q${i}`, answer, 100 + i);
    expect(long.turns).toHaveLength(MAX_TURNS);
  });

  it("keeps the list newest first with one entry per conversation", () => {
    const list = [summarise(withTurn("a", 10)), summarise(withTurn("b", 5))];
    expect(upsert(list, summarise(withTurn("b", 20))).map((s) => [s.id, s.updatedAt])).toEqual([
      ["b", 20],
      ["a", 10],
    ]);
    expect(upsert([], summarise(withTurn("c", 1))).map((s) => s.id)).toEqual(["c"]);
  });
});

describe("chatReducer", () => {
  it("starts empty", () => {
    expect(start).toEqual({ current: { id: "s1", title: "", turns: [], updatedAt: 0 }, sessions: [], question: "", pending: null, error: null, drawer: false });
  });

  it("cuts what is typed at the longest question", () => {
    expect(chatReducer(start, { type: "type", question: "x".repeat(MAX_QUESTION_LENGTH + 20) }).question).toHaveLength(MAX_QUESTION_LENGTH);
  });

  it("asks: clears the input and the error, then streams, restarts and fails back to the input", () => {
    let model: ChatModel = { ...start, question: "exports?", error: "old" };
    model = chatReducer(model, { type: "asking", question: "exports?" });
    expect(model).toMatchObject({ question: "", error: null, pending: { question: "exports?", streamed: "" } });
    model = chatReducer(chatReducer(model, { type: "delta", piece: "Chile " }), { type: "delta", piece: "exports" });
    expect(model.pending?.streamed).toBe("Chile exports");
    model = chatReducer(model, { type: "restream" });
    expect(model.pending?.streamed).toBe("");
    model = chatReducer(model, { type: "failed", question: "exports?", error: "Try later" });
    expect(model).toMatchObject({ pending: null, question: "exports?", error: "Try later" });
  });

  it("ignores stream pieces when nothing is pending", () => {
    expect(chatReducer(start, { type: "delta", piece: "late" })).toBe(start);
    expect(chatReducer(start, { type: "restream" })).toBe(start);
  });

  it("shows an answer and lists the conversation only when it is kept", () => {
    const asking = chatReducer(start, { type: "asking", question: "question s1" });
    const next = withTurn("s1", 50);
    const kept = chatReducer(asking, { type: "answered", session: next, keep: true });
    expect(kept).toMatchObject({ pending: null, current: next, sessions: [{ id: "s1", title: "question s1", updatedAt: 50 }] });
    expect(chatReducer(asking, { type: "answered", session: next, keep: false }).sessions).toEqual([]);
  });

  it("restores the newest kept conversation only over an empty one", () => {
    const old = withTurn("old", 1);
    expect(chatReducer(start, { type: "restored", session: old }).current).toBe(old);
    const busy = { ...start, current: withTurn("s1", 2) };
    expect(chatReducer(busy, { type: "restored", session: old })).toBe(busy);
  });

  it("starts a new conversation, closing the drawer and dropping what was pending", () => {
    const busy: ChatModel = { ...start, current: withTurn("s1", 2), pending: { question: "q", streamed: "a" }, error: "x", drawer: true };
    expect(chatReducer(busy, { type: "new", session: blankSession("s2") })).toMatchObject({ current: { id: "s2", turns: [] }, pending: null, error: null, drawer: false });
  });

  it("opens a conversation, and forgets one that is gone, blanking it only when it was open", () => {
    const a = withTurn("a", 1);
    const b = withTurn("b", 2);
    const listed = chatReducer({ ...start, current: a, error: "x" }, { type: "listed", sessions: [summarise(b), summarise(a)] });
    expect(chatReducer(listed, { type: "opened", session: b })).toMatchObject({ current: b, error: null });
    const missing = chatReducer(listed, { type: "gone", id: "b" });
    expect(missing.sessions.map((s) => s.id)).toEqual(["a"]);
    expect(missing.current).toBe(a);
    const deleted = chatReducer(listed, { type: "gone", id: "a", blank: blankSession("fresh") });
    expect(deleted.sessions.map((s) => s.id)).toEqual(["b"]);
    expect(deleted.current.id).toBe("fresh");
    expect(chatReducer(listed, { type: "gone", id: "b", blank: blankSession("fresh") }).current).toBe(a);
  });

  it("sets the error and the drawer", () => {
    expect(chatReducer(start, { type: "error", error: "Could not delete" }).error).toBe("Could not delete");
    expect(chatReducer(start, { type: "drawer", open: true }).drawer).toBe(true);
  });
});

describe("storageNote", () => {
  it("says where conversations are kept, or that they are not", () => {
    expect(storageNote(true, true)).toBe("keptServer");
    expect(storageNote(true, false)).toBe("keptLocal");
    expect(storageNote(false, true)).toBe("notKeptSignedIn");
    expect(storageNote(false, false)).toBe("notKept");
  });
});
