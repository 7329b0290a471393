import { beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, useAppDb } from "@/server/db/__tests__/appDbs";
import { createUser, deleteUser, findUserById } from "@/server/auth/users";
import { saveConsent, mayKeepHistory } from "@/server/consent/store";
import { clearHistory, listHistory, recordVisit, recordVisits } from "./repository";

const at = (n: number) => new Date(1_700_000_000_000 + n * 1000);

describe.each(DIALECTS)("profile history on %s", (dialect) => {
const getDb = useAppDb(dialect);
let db: ReturnType<typeof getDb>;
let userId: string;
beforeEach(async () => {
  db = getDb();
  userId = (await createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db)).id;
});

describe("server profile history", () => {
  it("keeps the newest 25 visits, one per link, newest first", async () => {
    for (let n = 0; n < 30; n++) await recordVisit(userId, { link: `/profile/country/c${n}`, title: `C${n}` }, at(n), db);
    await recordVisit(userId, { link: "/profile/country/c10", title: "C10 again" }, at(100), db);
    const list = await listHistory(userId, db);
    expect(list).toHaveLength(25);
    expect(list[0]).toEqual({ link: "/profile/country/c10", title: "C10 again", time: at(100).getTime() });
    expect(list[1].link).toBe("/profile/country/c29");
    expect(list.at(-1)?.link).toBe("/profile/country/c5");
    const { profileHistory } = db.t;
    expect(await db.use((orm) => orm.select().from(profileHistory))).toHaveLength(25);
  });

  it("keeps each user's list apart and deletes it with the user", async () => {
    const other = (await createUser({ name: "Bo", email: "bo@x.org", passwordHash: null }, db)).id;
    await recordVisit(userId, { link: "/profile/country/chl", title: "Chile" }, at(1), db);
    await recordVisit(other, { link: "/profile/country/deu", title: "Germany" }, at(2), db);
    expect((await listHistory(userId, db)).map((e) => e.link)).toEqual(["/profile/country/chl"]);
    await deleteUser(userId, db);
    expect(await listHistory(userId, db)).toEqual([]);
    expect(await listHistory(other, db)).toHaveLength(1);
    await clearHistory(other, db);
    expect(await listHistory(other, db)).toEqual([]);
  });

  it("saving consent without functional storage deletes the history in the same transaction", async () => {
    await recordVisit(userId, { link: "/profile/country/chl", title: "Chile" }, at(1), db);
    await saveConsent(userId, { checked: true, functional: true, tracking: false }, db);
    expect(await listHistory(userId, db)).toHaveLength(1);
    expect(mayKeepHistory((await findUserById(userId, db))!)).toBe(true);
    const row = await saveConsent(userId, { checked: true, functional: false, tracking: true }, db);
    expect(row?.bespokeUserMetadata.consent).toEqual({ checked: true, functional: false, tracking: true });
    expect(await listHistory(userId, db)).toEqual([]);
    expect(mayKeepHistory((await findUserById(userId, db))!)).toBe(false);
    expect(await saveConsent("no-such-user", { checked: true, functional: false, tracking: false }, db)).toBeUndefined();
  });
});

describe("late visits", () => {
  it("keep their own time, never beyond now, and never replace a newer visit", async () => {
    await recordVisit(userId, { link: "/profile/country/chl", title: "Chile new" }, at(50), db);
    const list = await recordVisits(
      userId,
      [
        { link: "/profile/country/chl", title: "Chile old", time: at(10).getTime() },
        { link: "/profile/country/deu", title: "Germany", time: at(20).getTime() },
        { link: "/profile/world/wld", title: "World", time: at(9999).getTime() },
      ],
      at(100),
      db,
    );
    expect(list).toEqual([
      { link: "/profile/world/wld", title: "World", time: at(100).getTime() },
      { link: "/profile/country/chl", title: "Chile new", time: at(50).getTime() },
      { link: "/profile/country/deu", title: "Germany", time: at(20).getTime() },
    ]);
    const newer = await recordVisits(userId, [{ link: "/profile/country/deu", title: "Germany again", time: at(60).getTime() }], at(100), db);
    expect(newer[1]).toEqual({ link: "/profile/country/deu", title: "Germany again", time: at(60).getTime() });
  });
});
});
