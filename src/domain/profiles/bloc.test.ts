import { describe, expect, it } from "vitest";
import { blocHistory, blocSplit, extraBlocPartners } from "./bloc";

const members = ["arg", "bra", "ury"];
const rows = [
  { id: "bra", value: 30 },
  { id: "chn", value: 50 },
  { id: "URY", value: 5 },
  { id: "usa", value: 15 },
  { id: "deu", value: 0 },
];

describe("blocSplit", () => {
  it("puts every partner on one side: members are intra-bloc, the rest extra-bloc", () => {
    expect(blocSplit(rows, members)).toEqual({ intra: 35, extra: 65, total: 100 });
  });
  it("has no intra-bloc trade for a one-member list that trades only outside", () => {
    expect(blocSplit([{ id: "chn", value: 7 }], ["arg"])).toEqual({ intra: 0, extra: 7, total: 7 });
  });
});

describe("extraBlocPartners", () => {
  it("lists partners outside the bloc with exports, largest first", () => {
    expect(extraBlocPartners(rows, members).map((r) => r.id)).toEqual(["chn", "usa"]);
  });
});

describe("blocHistory", () => {
  it("gives each year's extra-bloc exports as total minus intra-bloc", () => {
    const history = blocHistory(
      [
        { year: 2018, value: 100 },
        { year: 1962, value: 10 },
      ],
      [
        { year: 2018, value: 35 },
        { year: 1990, value: 3 },
      ],
    );
    expect(history).toEqual([
      { year: 1962, total: 10, intra: 0, extra: 10 },
      { year: 2018, total: 100, intra: 35, extra: 65 },
    ]);
    for (const y of history) expect(y.intra + y.extra).toBe(y.total);
  });
});
