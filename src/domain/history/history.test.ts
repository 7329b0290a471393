import { describe, expect, it } from "vitest";
import { addVisit, HISTORY_CAP, mergeHistories, parseStoredHistory, type HistoryEntry } from "./history";

const visit = (n: number, time = n): HistoryEntry => ({ link: `/profile/country/c${n}`, title: `Country ${n}`, time });

describe("profile history", () => {
  it("puts the newest visit first", () => {
    let list: HistoryEntry[] = [];
    list = addVisit(list, visit(1));
    list = addVisit(list, visit(2));
    list = addVisit(list, visit(3));
    expect(list.map((e) => e.link)).toEqual(["/profile/country/c3", "/profile/country/c2", "/profile/country/c1"]);
  });

  it("keeps one entry per link: a revisit moves it to the top with the new title and time", () => {
    let list = [visit(1), visit(2), visit(3)].reduce<HistoryEntry[]>((acc, v) => addVisit(acc, v), []);
    list = addVisit(list, { link: "/profile/country/c1", title: "Country one", time: 10 });
    expect(list).toEqual([{ link: "/profile/country/c1", title: "Country one", time: 10 }, visit(3), visit(2)]);
  });

  it(`holds at most ${HISTORY_CAP} entries, dropping the oldest`, () => {
    let list: HistoryEntry[] = [];
    for (let n = 1; n <= 40; n++) list = addVisit(list, visit(n));
    expect(list).toHaveLength(25);
    expect(list[0].link).toBe("/profile/country/c40");
    expect(list[24].link).toBe("/profile/country/c16");
  });

  it("a visit recorded with an older clock still goes first", () => {
    const list = addVisit([visit(5, 500)], visit(6, 100));
    expect(list.map((e) => e.link)).toEqual(["/profile/country/c6", "/profile/country/c5"]);
    expect(list[0].time).toBe(500);
  });

  it("merges this browser's list with the server's: newest visit per link, newest first, capped", () => {
    const local = [visit(3, 30), visit(1, 10)];
    const server = [visit(2, 20), { ...visit(1, 40), title: "newer" }];
    expect(mergeHistories(local, server)).toEqual([{ ...visit(1, 40), title: "newer" }, visit(3, 30), visit(2, 20)]);
    const many = Array.from({ length: 30 }, (_, i) => visit(i, i));
    expect(mergeHistories(many, many)).toHaveLength(25);
  });

  it("reads stored lists defensively", () => {
    expect(parseStoredHistory(null)).toEqual([]);
    expect(parseStoredHistory("not json")).toEqual([]);
    expect(parseStoredHistory("{}")).toEqual([]);
    const raw = JSON.stringify([visit(1), { link: "javascript:alert(1)", title: "x", time: 1 }, { link: "/profile/x", title: "", time: 2 }, visit(2), visit(1, 0)]);
    expect(parseStoredHistory(raw)).toEqual([visit(2), visit(1)]);
  });

});
