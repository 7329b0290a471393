/**
 * The query builder's state machine, pure: a draft query being edited, the committed query whose
 * answer is shown, and the problems of the last run. The hook (useQueryBuilder.ts) wraps the
 * reducer and mirrors each committed query into the page URL. No React.
 */
import type { CubeInfo } from "@/domain/queryBuilder/cube";
import { defaultPivot, emptyState, LIMITS, stateProblems, VIEWS, type BuilderCut, type BuilderState, type View } from "@/domain/queryBuilder/state";

export interface BuilderModel {
  draft: BuilderState;
  /** The query whose answer is shown; null before a valid run. */
  committed: BuilderState | null;
  /** Keys of `queryBuilder.errors`. */
  problems: string[];
}

export type BuilderAction =
  /** An edit of the draft (runs later). */
  | { type: "edit"; patch: Partial<BuilderState> }
  /** A change of how the committed answer is shown (page, chart, pivot, tab): applies at once. */
  | { type: "show"; patch: Partial<BuilderState> }
  /** A new cube chosen, or the form reset to a cube. */
  | { type: "start"; draft: BuilderState; reset?: boolean }
  /** The outcome of runDraft. */
  | { type: "ran"; draft: BuilderState; problems: string[] };

export function builderReducer(model: BuilderModel, action: BuilderAction): BuilderModel {
  switch (action.type) {
    case "edit":
      return { ...model, draft: { ...model.draft, ...action.patch } };
    case "show":
      return { ...model, draft: { ...model.draft, ...action.patch }, committed: model.committed ? { ...model.committed, ...action.patch } : null };
    case "start":
      return action.reset ? { draft: action.draft, committed: null, problems: [] } : { ...model, draft: action.draft };
    case "ran":
      return { draft: action.draft, problems: action.problems, committed: action.problems.length === 0 ? action.draft : model.committed };
  }
}

/** A state for a newly chosen cube: its first measure, nothing else. */
export function stateForCube(cube: CubeInfo | undefined): BuilderState {
  const s = emptyState(cube?.name ?? "");
  if (cube) s.measures = cube.measures.slice(0, 1).map((m) => m.name);
  return s;
}

/**
 * The model for the query restored from the page URL. `cubeAsked` says the URL named a cube (which
 * may be unknown or malformed, and then is reported). A link naming only a cube gets its main
 * measure, so it runs as it is; a valid restored query is shown at once.
 */
export function initialModel(cubes: readonly CubeInfo[], restored: BuilderState, cubeAsked: boolean): BuilderModel {
  const cube = cubes.find((c) => c.name === restored.cube);
  const initial = cube && restored.measures.length === 0 ? { ...restored, measures: cube.measures.slice(0, 1).map((m) => m.name) } : restored;
  return {
    draft: cube ? initial : stateForCube(cubes[0]),
    committed: cube && stateProblems(initial, cube.timeLevel).length === 0 ? initial : null,
    problems: cubeAsked && !cube ? ["unknownCube"] : [],
  };
}

/** Column names the answer can be ordered by, as `{column}.{desc|asc}` (measures both ways, levels ascending). */
export function sortChoices(draft: BuilderState): { value: string; direction: "desc" | "asc"; name: string }[] {
  const first = draft.measures[0];
  const measures = [...draft.measures, ...(draft.growth && first ? [`${first} Growth`, `${first} Growth Value`] : []), ...(draft.rca && first ? [`${first} RCA`] : [])];
  return [
    ...measures.flatMap((m) => [
      { value: `${m}.desc`, direction: "desc" as const, name: m },
      { value: `${m}.asc`, direction: "asc" as const, name: m },
    ]),
    ...draft.drilldowns.map((d) => ({ value: `${d}.asc`, direction: "asc" as const, name: d })),
  ];
}

/** The draft as it runs: first page, an order on a column no longer asked for dropped, a pivot chosen; and its problems. */
export function runDraft(draft: BuilderState, cube: CubeInfo | undefined): { draft: BuilderState; problems: string[] } {
  const next = { ...draft, page: 1 };
  if (next.sort && !sortChoices(next).some((o) => o.value === next.sort)) next.sort = "";
  if (next.view === "pivot" && !next.pivot) next.pivot = defaultPivot(next, cube?.timeLevel ?? null, cube?.levels.map((l) => l.name));
  return { draft: next, problems: stateProblems(next, cube?.timeLevel ?? null) };
}

/** A level's or measure's label: its caption, with its name when they differ. */
export const captioned = (item: { name: string; caption: string }) => (item.caption === item.name ? item.name : `${item.caption} (${item.name})`);

/** The drilldown choices, grouped by dimension. */
export function levelGroups(cube: CubeInfo | undefined): { group: string; items: { value: string; label: string }[] }[] {
  if (!cube) return [];
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const l of cube.levels) {
    const items = groups.get(l.dimensionCaption) ?? [];
    items.push({ value: l.name, label: captioned(l) });
    groups.set(l.dimensionCaption, items);
  }
  return [...groups.entries()].map(([group, items]) => ({ group, items }));
}

/** New drilldowns; an RCA between levels no longer drilled is dropped. */
export function withDrilldowns(draft: BuilderState, drilldowns: string[]): Partial<BuilderState> {
  return { drilldowns, rca: draft.rca && draft.rca.every((l) => drilldowns.includes(l)) ? draft.rca : null };
}

/** A cut on the first level not cut yet (never the time level); null when none is left. */
export function addCut(draft: BuilderState, cube: CubeInfo): Partial<BuilderState> | null {
  const level = cube.levels.find((l) => !draft.cuts.some((c) => c.level === l.name) && l.name !== cube.timeLevel);
  return level ? { cuts: [...draft.cuts, { level: level.name, ids: [] }] } : null;
}

export const canAddCut = (draft: BuilderState) => draft.cuts.length < LIMITS.cuts;

/** The levels a cut can move to: its own and those not cut yet. */
export function cutLevelChoices(cube: CubeInfo, cuts: readonly BuilderCut[], cut: BuilderCut): { value: string; label: string }[] {
  return cube.levels.filter((l) => l.name === cut.level || !cuts.some((c) => c.level === l.name)).map((l) => ({ value: l.name, label: captioned(l) }));
}

export const withCutLevel = (cuts: readonly BuilderCut[], i: number, level: string): BuilderCut[] => cuts.map((c, j) => (j === i ? { level, ids: [] } : c));
export const withCutIds = (cuts: readonly BuilderCut[], i: number, ids: string[]): BuilderCut[] => cuts.map((c, j) => (j === i ? { ...c, ids } : c));
export const withoutCut = (cuts: readonly BuilderCut[], i: number): BuilderCut[] => cuts.filter((_, j) => j !== i);

export type TimeMode = "all" | "latest" | "oldest" | "year" | "range" | "custom";

export function timeMode(time: string): TimeMode {
  if (!time) return "all";
  if (time === "latest" || time === "oldest") return time;
  if (/^\d{4}$/.test(time)) return "year";
  if (/^\d{4}-\d{4}$/.test(time)) return "range";
  return "custom";
}

/** The time filter's controls: its mode, the cube's years newest first, and a range's ends (the whole span by default). */
export function timeControls(draft: BuilderState, cube: CubeInfo | undefined): { mode: TimeMode; years: string[]; from: string; to: string } {
  const mode = timeMode(draft.time);
  const years = cube ? [...cube.years].reverse().map(String) : [];
  const [from, to] = mode === "range" ? draft.time.split("-") : [years.at(-1) ?? "", years[0] ?? ""];
  return { mode, years, from, to };
}

/** The time after choosing a mode: the newest year, or every year as a range; null keeps it (custom). */
export function timeForMode(mode: string | null, years: readonly string[]): string | null {
  if (mode === "all") return "";
  if (mode === "latest" || mode === "oldest") return mode;
  if (mode === "year") return years[0] ?? "";
  if (mode === "range") return years.length ? `${years.at(-1)}-${years[0]}` : "";
  return null;
}

/** A range between two years, in order. */
export const rangeOf = (a: string, b: string) => `${Math.min(Number(a), Number(b))}-${Math.max(Number(a), Number(b))}`;

/** The levels an RCA can be computed between: the drilled ones other than time. */
export const rcaLevels = (draft: BuilderState, cube: CubeInfo | undefined) => draft.drilldowns.filter((d) => d !== cube?.timeLevel);

/** RCA turned on (between the first two such levels) or off. */
export function rcaToggled(checked: boolean, levels: readonly string[]): [string, string] | null {
  return checked ? [levels[0] ?? "", levels[1] ?? ""] : null;
}

/** The patch after choosing a result tab: a pivot gets its default rows and columns; null for an unknown tab. */
export function viewPatch(committed: BuilderState, cube: CubeInfo, tab: string | null): Partial<BuilderState> | null {
  if (!tab || !(VIEWS as readonly string[]).includes(tab)) return null;
  const view = tab as View;
  return { view, ...(view === "pivot" && !committed.pivot ? { pivot: defaultPivot(committed, cube.timeLevel, cube.levels.map((l) => l.name)) } : {}) };
}
