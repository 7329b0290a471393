/**
 * Connectrade's client-side rules, pure: the selection and the order of the tiles (each belonging
 * to one puzzle), what the board shows from the server's answer, whether a guess may be sent, what
 * the last guess said, and where a fact links. The server checks the guesses
 * (domain/games/connectrade.ts); this only arranges the board.
 */
import { CONNECTRADE_GROUP_SIZE, type ConnectradeFact, type ConnectradePuzzle, type ConnectradeResult, type ConnectradeState, type ConnectradeTile } from "@/domain/games/connectrade";

/** Tile ids that belong to one puzzle: on another puzzle they do not apply. */
export interface PuzzleIds {
  puzzle: string;
  ids: string[];
}

/** The colour of a group by its level (0 easiest): Mantine theme colours, tinted for the bands. */
const LEVEL_COLORS = ["yellow", "green", "blue", "grape"] as const;

export const levelColor = (level: number): string => LEVEL_COLORS[level] ?? "gray";

/** A guess as a key: the same four tiles in any order are the same guess. */
export const guessKey = (ids: readonly string[]) => [...ids].sort().join("|");

/** What the board shows: the selection (without found tiles), the tiles left in their order, the mistakes left. */
export interface Board {
  solved: ConnectradeState["solved"];
  selected: string[];
  /** The order of every tile (shuffled or the puzzle's), found ones included. */
  orderIds: string[];
  remaining: ConnectradeTile[];
  mistakesLeft: number;
  last: ConnectradeResult | undefined;
  /** The wrong guesses so far, by guessKey. */
  wrongKeys: Set<string>;
}

export function connectradeBoard(input: {
  puzzleId: string;
  puzzle: ConnectradePuzzle;
  state: ConnectradeState | null | undefined;
  moves: readonly (readonly string[])[];
  selection: PuzzleIds;
  order: PuzzleIds | null;
}): Board {
  const { puzzleId, puzzle, state, moves, selection, order } = input;
  const solved = state?.solved ?? [];
  const solvedIds = new Set(solved.flatMap((g) => g.members.map((m) => m.id)));
  // A found group leaves the selection with its tiles.
  const selected = selection.puzzle === puzzleId ? selection.ids.filter((id) => !solvedIds.has(id)) : [];
  const tilesById = new Map(puzzle.tiles.map((tile) => [tile.id, tile]));
  const orderIds = order && order.puzzle === puzzleId ? order.ids : puzzle.tiles.map((tile) => tile.id);
  const remaining = orderIds.filter((id) => !solvedIds.has(id)).map((id) => tilesById.get(id)!);
  const results = state?.results ?? [];
  return {
    solved,
    selected,
    orderIds,
    remaining,
    mistakesLeft: puzzle.maxMistakes - (state?.mistakes ?? 0),
    last: results[results.length - 1],
    wrongKeys: new Set(moves.filter((_, i) => results[i] && !results[i].correct).map(guessKey)),
  };
}

/** A tile selected (while fewer than four are) or unselected; null: nothing changes. */
export function toggleTile(selected: readonly string[], id: string): string[] | null {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  if (selected.length < CONNECTRADE_GROUP_SIZE) return [...selected, id];
  return null;
}

/** The tiles in a new random order (Fisher-Yates; `random` in [0, 1)). */
export function shuffledIds(ids: readonly string[], random: () => number = Math.random): string[] {
  const out = [...ids];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * What Submit does: nothing ("wait": not four tiles, an answer pending, the game over), refuse a
 * wrong guess made before ("repeated": it costs nothing, the server is not asked), or "send".
 */
export function submitAction(board: Pick<Board, "selected" | "wrongKeys">, pending: boolean, ended: boolean): "wait" | "repeated" | "send" {
  if (board.selected.length !== CONNECTRADE_GROUP_SIZE || pending || ended) return "wait";
  return board.wrongKeys.has(guessKey(board.selected)) ? "repeated" : "send";
}

/** Every guess so far with the new one (the server checks them all again). */
export const movesWith = (moves: readonly string[][], guess: readonly string[]): string[][] => [...moves, [...guess]];

/**
 * What the last guess did, said once in a live region: "one away" for a wrong guess one tile
 * away, else the message key (under `games.connectrade`) of the feedback, or null for none.
 */
export function guessFeedback(last: ConnectradeResult | undefined, repeated: boolean, ended: boolean): { oneAway: boolean; key: "alreadyGuessed" | "found" | "wrong" | null } {
  const oneAway = !repeated && !ended && last !== undefined && !last.correct && last.oneAway;
  if (repeated) return { oneAway, key: "alreadyGuessed" };
  if (!last || ended || oneAway) return { oneAway, key: null };
  return { oneAway, key: last.correct ? "found" : "wrong" };
}

/** The profile a fact's subject links to: the product, the partner country or the continent. */
export function factHref(fact: ConnectradeFact, locale: string): string {
  const { kind, params } = fact;
  if (kind === "topExport" || kind === "topExporters") return `/${locale}/profile/hs/${params.product}`;
  if (kind === "mainPartner") return `/${locale}/profile/country/${params.partner}`;
  return `/${locale}/profile/continent/${params.continent}`;
}

export const countryHref = (locale: string, id: string) => `/${locale}/profile/country/${id}`;
