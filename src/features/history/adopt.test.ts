import { describe, expect, it } from "vitest";
import { adoptedHistories } from "./adopt";

const visit = (link: string, time: number) => ({ link, title: link.split("/").pop()!, time });

describe("a guest's history on sign-up", () => {
  it("joins the new account's history and its pending list, newest first, once per link", () => {
    const guest = [visit("/profile/country/chl", 30), visit("/profile/hs/2603", 20)];
    const own = [visit("/profile/country/chl", 10)];
    const result = adoptedHistories(guest, own, []);
    expect(result.own.map((e) => [e.link, e.time])).toEqual([
      ["/profile/country/chl", 30],
      ["/profile/hs/2603", 20],
    ]);
    expect(result.pending.map((e) => e.link)).toEqual(["/profile/country/chl", "/profile/hs/2603"]);
  });

  it("keeps what was already pending", () => {
    const result = adoptedHistories([visit("/profile/hs/2603", 5)], [], [visit("/profile/country/deu", 9)]);
    expect(result.pending.map((e) => e.link)).toEqual(["/profile/country/deu", "/profile/hs/2603"]);
  });

  it("changes nothing for a guest who viewed nothing", () => {
    const own = [visit("/profile/country/chl", 10)];
    expect(adoptedHistories([], own, []).own).toEqual(own);
  });
});
