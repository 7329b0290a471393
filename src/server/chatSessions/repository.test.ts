import { beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, useAppDb } from "@/server/db/__tests__/appDbs";
import { createUser, deleteUser } from "@/server/auth/users";
import { saveConsent } from "@/server/consent/store";
import { MAX_SESSIONS, MAX_TURNS, type ChatAnswer, type ChatTurn } from "@/domain/chat/types";
import { appendTurn, deleteSession, getSession, listSessions, mayKeepChat, saveSession } from "./repository";

const answer: ChatAnswer = {
  status: "unmatched",
  text: "I could not match that question.",
  figures: [],
  chart: null,
  source: null,
  apiUrl: null,
  links: [],
  suggestions: ["What does Chile export?"],
  context: null,
  engine: "interpreter",
};
const turn = (question: string, at: number): ChatTurn => ({ question, answer, at });

describe.each(DIALECTS)("chat sessions on %s", (dialect) => {
  const getDb = useAppDb(dialect);
  let db: ReturnType<typeof getDb>;
  let ana: string;
  let ben: string;
  beforeEach(async () => {
    db = getDb();
    ana = (await createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db)).id;
    ben = (await createUser({ name: "Ben", email: "ben@x.org", passwordHash: null }, db)).id;
  });

  it("appends turns to a conversation titled by its first question, owner only", async () => {
    await appendTurn(ana, "s1", turn("What does Chile export?", 1000), db);
    const after = await appendTurn(ana, "s1", turn("and imports?", 2000), db);
    expect(after.turns.map((t) => t.question)).toEqual(["What does Chile export?", "and imports?"]);
    expect(await getSession(ana, "s1", db)).toMatchObject({ id: "s1", title: "What does Chile export?", updatedAt: 2000, turns: [{ answer }, { answer }] });
    // Ben sees nothing of Ana's, and cannot delete it.
    expect(await getSession(ben, "s1", db)).toBeNull();
    expect(await listSessions(ben, db)).toEqual([]);
    expect(await deleteSession(ben, "s1", db)).toBe(false);
    expect(await listSessions(ana, db)).toEqual([{ id: "s1", title: "What does Chile export?", updatedAt: 2000, turns: 2 }]);
    expect(await deleteSession(ana, "s1", db)).toBe(true);
    expect(await getSession(ana, "s1", db)).toBeNull();
  });

  it("keeps at most MAX_TURNS turns and MAX_SESSIONS conversations, newest first", async () => {
    await saveSession(ana, { id: "long", title: "Long", turns: Array.from({ length: MAX_TURNS }, (_, i) => turn(`q${i}`, i)), updatedAt: 10 }, db);
    const long = await appendTurn(ana, "long", turn("one more", 10_000), db);
    expect(long.turns).toHaveLength(MAX_TURNS);
    expect(long.turns[0]!.question).toBe("q1");
    for (let i = 0; i < MAX_SESSIONS + 2; i++) await appendTurn(ana, `s${i}`, turn(`question ${i}`, 20_000 + i), db);
    const list = await listSessions(ana, db);
    expect(list).toHaveLength(MAX_SESSIONS);
    expect(list[0]!.id).toBe(`s${MAX_SESSIONS + 1}`);
    expect(list.map((s) => s.id)).not.toContain("long"); // the oldest went
  });

  it("are kept only with functional consent, and deleted when functional or tracking is withdrawn, or the user goes", async () => {
    const all = { checked: true, functional: true, tracking: true };
    await saveConsent(ana, all, db);
    const row = { bespokeUserMetadata: { consent: all } };
    expect(mayKeepChat(row)).toBe(true);
    expect(mayKeepChat({ bespokeUserMetadata: { consent: { ...all, tracking: false } } })).toBe(true);
    expect(mayKeepChat({ bespokeUserMetadata: { consent: { ...all, functional: false } } })).toBe(false);
    expect(mayKeepChat({ bespokeUserMetadata: { consent: { ...all, checked: false } } })).toBe(false);
    expect(mayKeepChat({ bespokeUserMetadata: {} })).toBe(false);
    await appendTurn(ana, "s1", turn("q", 1), db);
    await saveConsent(ana, all, db);
    expect(await listSessions(ana, db)).toHaveLength(1);
    await saveConsent(ana, { ...all, tracking: false }, db);
    expect(await listSessions(ana, db)).toEqual([]);
    await appendTurn(ana, "s2", turn("q", 2), db);
    await saveConsent(ana, { ...all, functional: false }, db);
    expect(await listSessions(ana, db)).toEqual([]);
    await appendTurn(ana, "s3", turn("q", 3), db);
    await deleteUser(ana, db);
    expect(await listSessions(ana, db)).toEqual([]);
  });
});
