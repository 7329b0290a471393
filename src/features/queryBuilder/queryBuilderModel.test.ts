import { describe, expect, it } from "vitest";
import type { CubeInfo } from "@/domain/queryBuilder/cube";
import { emptyState, type BuilderState } from "@/domain/queryBuilder/state";
import {
  addCut,
  builderReducer,
  canAddCut,
  captioned,
  cutLevelChoices,
  initialModel,
  levelGroups,
  rangeOf,
  rcaLevels,
  rcaToggled,
  runDraft,
  sortChoices,
  stateForCube,
  timeControls,
  timeForMode,
  timeMode,
  viewPatch,
  withCutIds,
  withCutLevel,
  withDrilldowns,
  withoutCut,
} from "./queryBuilderModel";

const level = (name: string, dimension: string, caption = name) => ({ name, caption, dimension, dimensionCaption: dimension });
const cube: CubeInfo = {
  name: "fixture_cube",
  caption: "Fixture",
  description: "A test cube",
  years: [2015, 2016, 2017],
  timeLevel: "Year",
  levels: [level("Year", "Time"), level("Reporter", "Geography", "Reporting country"), level("Partner", "Geography"), level("Item", "Goods")],
  measures: [
    { name: "Value", caption: "Value", unit: "USD", rca: true },
    { name: "Weight", caption: "Net weight", unit: "kg", rca: false },
  ],
};
const other: CubeInfo = { ...cube, name: "other_cube", measures: [{ name: "Count", caption: "Count", unit: "", rca: false }] };
const cubes = [cube, other];
const draftOf = (patch: Partial<BuilderState> = {}): BuilderState => ({ ...stateForCube(cube), ...patch });

describe("initialModel", () => {
  it("starts on the first cube with its first measure when the URL names none", () => {
    expect(initialModel(cubes, emptyState(), false)).toEqual({ draft: { ...emptyState("fixture_cube"), measures: ["Value"] }, committed: null, problems: [] });
  });

  it("gives a link naming only a cube its main measure, and shows it at once", () => {
    const model = initialModel(cubes, emptyState("other_cube"), true);
    expect(model.draft).toMatchObject({ cube: "other_cube", measures: ["Count"] });
    expect(model.committed).toEqual(model.draft);
    expect(model.problems).toEqual([]);
  });

  it("reports an unknown cube the URL asked for, and keeps an invalid query as a draft only", () => {
    expect(initialModel(cubes, emptyState("nope"), true)).toMatchObject({ draft: { cube: "fixture_cube" }, committed: null, problems: ["unknownCube"] });
    expect(initialModel(cubes, emptyState("nope"), false).problems).toEqual([]);
    const invalid = initialModel(cubes, { ...emptyState("fixture_cube"), measures: ["Value"], growth: true }, true);
    expect(invalid.committed).toBeNull();
    expect(invalid.draft.growth).toBe(true);
  });

  it("copes with no cubes at all", () => {
    expect(initialModel([], emptyState(), false).draft.cube).toBe("");
  });
});

describe("builderReducer", () => {
  const start = initialModel(cubes, emptyState(), false);

  it("edits the draft without touching the committed query", () => {
    const next = builderReducer(start, { type: "edit", patch: { drilldowns: ["Reporter"] } });
    expect(next.draft.drilldowns).toEqual(["Reporter"]);
    expect(next.committed).toBeNull();
  });

  it("applies a display change to the draft and the committed query at once", () => {
    const committed = draftOf({ drilldowns: ["Reporter"] });
    const shown = builderReducer({ draft: committed, committed, problems: [] }, { type: "show", patch: { page: 3, pageSize: 25 } });
    expect(shown.committed).toMatchObject({ page: 3, pageSize: 25 });
    expect(shown.draft).toMatchObject({ page: 3, pageSize: 25 });
    expect(builderReducer(start, { type: "show", patch: { page: 2 } }).committed).toBeNull();
  });

  it("commits a run without problems and keeps the previous answer otherwise", () => {
    const ok = builderReducer(start, { type: "ran", ...runDraft(draftOf({ drilldowns: ["Reporter"] }), cube) });
    expect(ok.problems).toEqual([]);
    expect(ok.committed).toEqual(ok.draft);
    const bad = builderReducer(ok, { type: "ran", ...runDraft(draftOf({ measures: [] }), cube) });
    expect(bad.problems).toEqual(["noMeasure"]);
    expect(bad.committed).toBe(ok.committed);
    expect(bad.draft.measures).toEqual([]);
  });

  it("replaces the draft on a new cube, and a reset also clears the answer and problems", () => {
    const ran = { draft: draftOf(), committed: draftOf(), problems: ["emptyCut"] };
    expect(builderReducer(ran, { type: "start", draft: stateForCube(other) })).toMatchObject({ draft: { cube: "other_cube" }, committed: ran.committed, problems: ["emptyCut"] });
    expect(builderReducer(ran, { type: "start", draft: stateForCube(cube), reset: true })).toEqual({ draft: stateForCube(cube), committed: null, problems: [] });
  });
});

describe("runDraft", () => {
  it("goes back to the first page and drops an order on a column no longer asked for", () => {
    const { draft, problems } = runDraft(draftOf({ page: 4, sort: "Weight.desc" }), cube);
    expect(draft).toMatchObject({ page: 1, sort: "" });
    expect(problems).toEqual([]);
    expect(runDraft(draftOf({ sort: "Value.asc" }), cube).draft.sort).toBe("Value.asc");
    expect(runDraft(draftOf({ growth: true, drilldowns: ["Year"], sort: "Value Growth.desc" }), cube).draft.sort).toBe("Value Growth.desc");
  });

  it("chooses a pivot's rows and columns and reports what cannot run", () => {
    expect(runDraft(draftOf({ view: "pivot", drilldowns: ["Year", "Reporter"] }), cube).draft.pivot).toEqual({ rows: "Reporter", columns: "Year" });
    expect(runDraft(draftOf({ cuts: [{ level: "Reporter", ids: [] }] }), cube).problems).toEqual(["emptyCut"]);
    expect(runDraft(stateForCube(undefined), undefined).problems).toEqual(["noCube"]);
  });
});

describe("form rules", () => {
  it("lists sort choices for measures, growth and RCA columns and drilled levels", () => {
    expect(sortChoices(draftOf({ drilldowns: ["Reporter"] })).map((c) => c.value)).toEqual(["Value.desc", "Value.asc", "Reporter.asc"]);
    const derived = sortChoices(draftOf({ growth: true, rca: ["Reporter", "Item"] })).map((c) => c.value);
    expect(derived).toEqual(["Value.desc", "Value.asc", "Value Growth.desc", "Value Growth.asc", "Value Growth Value.desc", "Value Growth Value.asc", "Value RCA.desc", "Value RCA.asc"]);
    expect(sortChoices(draftOf({ measures: [], growth: true }))).toEqual([]);
  });

  it("labels and groups levels by dimension", () => {
    expect(captioned({ name: "Reporter", caption: "Reporting country" })).toBe("Reporting country (Reporter)");
    expect(captioned({ name: "Item", caption: "Item" })).toBe("Item");
    expect(levelGroups(cube).map((g) => [g.group, g.items.map((i) => i.value)])).toEqual([
      ["Time", ["Year"]],
      ["Geography", ["Reporter", "Partner"]],
      ["Goods", ["Item"]],
    ]);
    expect(levelGroups(undefined)).toEqual([]);
  });

  it("drops an RCA whose levels are no longer drilled", () => {
    const draft = draftOf({ drilldowns: ["Reporter", "Item"], rca: ["Reporter", "Item"] });
    expect(withDrilldowns(draft, ["Reporter", "Item", "Year"])).toEqual({ drilldowns: ["Reporter", "Item", "Year"], rca: ["Reporter", "Item"] });
    expect(withDrilldowns(draft, ["Reporter"])).toEqual({ drilldowns: ["Reporter"], rca: null });
  });

  it("adds cuts on levels not cut yet, never on time, up to the limit", () => {
    const first = addCut(draftOf(), cube);
    expect(first).toEqual({ cuts: [{ level: "Reporter", ids: [] }] });
    const second = addCut(draftOf(first!), cube);
    expect(second?.cuts?.map((c) => c.level)).toEqual(["Reporter", "Partner"]);
    const full = draftOf({ cuts: ["Reporter", "Partner", "Item"].map((l) => ({ level: l, ids: [] })) });
    expect(addCut(full, cube)).toBeNull();
    expect(canAddCut(full)).toBe(true);
    expect(canAddCut(draftOf({ cuts: Array.from({ length: 20 }, () => ({ level: "Item", ids: [] })) }))).toBe(false);
  });

  it("edits, re-levels and removes one cut", () => {
    const cuts = [
      { level: "Reporter", ids: ["chl"] },
      { level: "Item", ids: ["1"] },
    ];
    expect(cutLevelChoices(cube, cuts, cuts[0]).map((c) => c.value)).toEqual(["Year", "Reporter", "Partner"]);
    expect(withCutLevel(cuts, 0, "Partner")).toEqual([{ level: "Partner", ids: [] }, cuts[1]]);
    expect(withCutIds(cuts, 1, ["1", "2"])).toEqual([cuts[0], { level: "Item", ids: ["1", "2"] }]);
    expect(withoutCut(cuts, 0)).toEqual([cuts[1]]);
    expect(withoutCut(cuts, 5)).toEqual(cuts);
  });
});

describe("time", () => {
  it("reads the mode of a time filter", () => {
    expect(["", "latest", "oldest", "2016", "2015-2017", "2015,2017", "junk"].map(timeMode)).toEqual(["all", "latest", "oldest", "year", "range", "custom", "custom"]);
  });

  it("lists years newest first and defaults a range to the whole span", () => {
    expect(timeControls(draftOf(), cube)).toEqual({ mode: "all", years: ["2017", "2016", "2015"], from: "2015", to: "2017" });
    expect(timeControls(draftOf({ time: "2015-2016" }), cube)).toMatchObject({ mode: "range", from: "2015", to: "2016" });
    expect(timeControls(draftOf(), undefined)).toEqual({ mode: "all", years: [], from: "", to: "" });
  });

  it("sets the time for a chosen mode, keeping a custom one", () => {
    const years = ["2017", "2016", "2015"];
    expect(timeForMode("all", years)).toBe("");
    expect(timeForMode("latest", years)).toBe("latest");
    expect(timeForMode("year", years)).toBe("2017");
    expect(timeForMode("range", years)).toBe("2015-2017");
    expect(timeForMode("range", [])).toBe("");
    expect(timeForMode("year", [])).toBe("");
    expect(timeForMode("custom", years)).toBeNull();
    expect(timeForMode(null, years)).toBeNull();
  });

  it("keeps a range in order", () => {
    expect(rangeOf("2017", "2015")).toBe("2015-2017");
    expect(rangeOf("2015", "2016")).toBe("2015-2016");
  });
});

describe("RCA and tabs", () => {
  it("offers the drilled levels other than time, and turns on between the first two", () => {
    const levels = rcaLevels(draftOf({ drilldowns: ["Year", "Reporter", "Item"] }), cube);
    expect(levels).toEqual(["Reporter", "Item"]);
    expect(rcaToggled(true, levels)).toEqual(["Reporter", "Item"]);
    expect(rcaToggled(true, [])).toEqual(["", ""]);
    expect(rcaToggled(false, levels)).toBeNull();
  });

  it("switches tab, choosing a pivot when there is none, and ignores unknown tabs", () => {
    const committed = draftOf({ drilldowns: ["Reporter", "Year"] });
    expect(viewPatch(committed, cube, "chart")).toEqual({ view: "chart" });
    expect(viewPatch(committed, cube, "pivot")).toEqual({ view: "pivot", pivot: { rows: "Reporter", columns: "Year" } });
    expect(viewPatch({ ...committed, pivot: { rows: "Year", columns: "Reporter" } }, cube, "pivot")).toEqual({ view: "pivot" });
    expect(viewPatch(committed, cube, "bogus")).toBeNull();
    expect(viewPatch(committed, cube, null)).toBeNull();
  });
});
