import { beforeEach, describe, expect, it } from "vitest";
import { openDb, type AppDb } from "@/server/db/client";
import { createUser, deleteUser, findUserById } from "@/server/auth/users";
import { saveConsent, mayKeepHistory } from "@/server/consent/store";
import { clearHistory, listHistory, recordVisit, recordVisits } from "./repository";

let db: AppDb;
let userId: string;
beforeEach(() => {
  db = openDb(":memory:");
  userId = createUser({ name: "Ana", email: "ana@x.org", passwordHash: null }, db).id;
});

const at = (n: number) => new Date(1_700_000_000_000 + n * 1000);

describe("server profile history", () => {
  it("keeps the newest 25 visits, one per link, newest first", () => {
    for (let n = 0; n < 30; n++) recordVisit(userId, { link: `/profile/country/c${n}`, title: `C${n}` }, at(n), db);
    recordVisit(userId, { link: "/profile/country/c10", title: "C10 again" }, at(100), db);
    const list = listHistory(userId, db);
    expect(list).toHaveLength(25);
    expect(list[0]).toEqual({ link: "/profile/country/c10", title: "C10 again", time: at(100).getTime() });
    expect(list[1].link).toBe("/profile/country/c29");
    expect(list.at(-1)?.link).toBe("/profile/country/c5");
    expect(db.$client.prepare("select count(*) as n from profile_history").get()).toEqual({ n: 25 });
  });

  it("keeps each user's list apart and deletes it with the user", () => {
    const other = createUser({ name: "Bo", email: "bo@x.org", passwordHash: null }, db).id;
    recordVisit(userId, { link: "/profile/country/chl", title: "Chile" }, at(1), db);
    recordVisit(other, { link: "/profile/country/deu", title: "Germany" }, at(2), db);
    expect(listHistory(userId, db).map((e) => e.link)).toEqual(["/profile/country/chl"]);
    deleteUser(userId, db);
    expect(listHistory(userId, db)).toEqual([]);
    expect(listHistory(other, db)).toHaveLength(1);
    clearHistory(other, db);
    expect(listHistory(other, db)).toEqual([]);
  });

  it("saving consent without functional storage deletes the history in the same transaction", () => {
    recordVisit(userId, { link: "/profile/country/chl", title: "Chile" }, at(1), db);
    saveConsent(userId, { checked: true, functional: true, tracking: false }, db);
    expect(listHistory(userId, db)).toHaveLength(1);
    expect(mayKeepHistory(findUserById(userId, db)!)).toBe(true);
    const row = saveConsent(userId, { checked: true, functional: false, tracking: true }, db);
    expect(row?.bespokeUserMetadata.consent).toEqual({ checked: true, functional: false, tracking: true });
    expect(listHistory(userId, db)).toEqual([]);
    expect(mayKeepHistory(findUserById(userId, db)!)).toBe(false);
    expect(saveConsent("no-such-user", { checked: true, functional: false, tracking: false }, db)).toBeUndefined();
  });
});

describe("late visits", () => {
  it("keep their own time, never beyond now, and never replace a newer visit", () => {
    recordVisit(userId, { link: "/profile/country/chl", title: "Chile new" }, at(50), db);
    const list = recordVisits(
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
    const newer = recordVisits(userId, [{ link: "/profile/country/deu", title: "Germany again", time: at(60).getTime() }], at(100), db);
    expect(newer[1]).toEqual({ link: "/profile/country/deu", title: "Germany again", time: at(60).getTime() });
  });
});
