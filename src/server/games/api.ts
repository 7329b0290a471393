/**
 * The games API. Route files only call these.
 *
 *   GET  /api/games/{game}?puzzle=daily|practice|d-YYYY-MM-DD|p-N&locale=en
 *        -> { game, puzzle, daily, year, data }: the public puzzle (never its answer)
 *   POST /api/games/{game}  { puzzle, moves, locale }
 *        -> { state }: the moves checked on the server; the answer only once the game has ended.
 *           A signed-in player's finished game is recorded here (functional consent only).
 *   GET  /api/games/{game}/stats -> { results }: the signed-in player's results (401 otherwise).
 *
 * Puzzles are rebuilt from their id on every request (deterministic), so nothing is stored for
 * guests and a daily puzzle is the same for every player on a date.
 */
import "server-only";
import { randomInt } from "node:crypto";
import { isLocale, type Locale } from "@/domain/i18n/locales";
import { isGame, parsePuzzleId, puzzleIdText, puzzleSeed, todaysPuzzle, type GameId, type PuzzleId } from "@/domain/games/puzzle";
import { isSameOrigin } from "@/server/auth/csrf";
import { currentSession } from "@/server/auth/session";
import { mayKeepHistory } from "@/server/consent/store";
import { authOrigin } from "@/server/origin";
import { jsonError, readBodyLimited } from "@/server/http/jsonError";
import { gameData } from "./data";
import { ENGINES } from "./engines";
import { listResults, recordResult } from "@/server/gameResults/repository";

const noStore = { "Cache-Control": "no-store" };

function resolveId(raw: string | null, now: Date): PuzzleId | null {
  if (!raw || raw === "daily") return todaysPuzzle(now);
  if (raw === "practice") return { kind: "practice", seed: randomInt(1, 2 ** 31) };
  return parsePuzzleId(raw, now);
}

function localeOf(raw: unknown): Locale {
  return typeof raw === "string" && isLocale(raw) ? raw : "en";
}

/** The public puzzle of a game (what the page draws before any move). */
export async function loadPuzzle(game: GameId, id: PuzzleId, locale: Locale) {
  const data = await gameData();
  const engine = ENGINES[game];
  if (!data || !engine) return null;
  const puzzle = engine.puzzle(data, puzzleSeed(game, id, data.dataKey), locale);
  return puzzle ? { game, puzzle: puzzleIdText(id), daily: id.kind === "daily", year: data.year, data: puzzle } : null;
}

export async function handlePuzzle(request: Request, gameParam: string): Promise<Response> {
  if (!isGame(gameParam)) return jsonError(404, "unknown_game", "No such game.");
  const url = new URL(request.url);
  const raw = url.searchParams.get("puzzle");
  const id = resolveId(raw, new Date());
  if (!id) return jsonError(400, "invalid_puzzle", "puzzle must be daily, practice, d-YYYY-MM-DD (today or the past year) or p-<number>.");
  const body = await loadPuzzle(gameParam, id, localeOf(url.searchParams.get("locale")));
  if (!body) return jsonError(503, "no_data", "The games need HS4 export data, which this warehouse does not hold.");
  // A named puzzle never changes within a warehouse generation; "daily" and "practice" do.
  const named = raw !== null && raw !== "daily" && raw !== "practice";
  return Response.json(body, { headers: named ? { "Cache-Control": "public, max-age=300" } : noStore });
}

export async function handlePlay(request: Request, gameParam: string): Promise<Response> {
  if (!isGame(gameParam)) return jsonError(404, "unknown_game", "No such game.");
  const game = gameParam;
  if (!isSameOrigin(request.headers, authOrigin().origin)) return jsonError(403, "cross_site", "This request must come from the site itself.");
  const body = await readBodyLimited(request, 8 * 1024);
  if (!body.ok) return jsonError(413, "too_large", "The request body is too large.");
  let input: unknown;
  try {
    input = JSON.parse(body.text);
  } catch {
    return jsonError(400, "invalid_json", "The request body must be JSON.");
  }
  if (!input || typeof input !== "object" || Array.isArray(input)) return jsonError(400, "invalid_json", "The request body must be a JSON object.");
  const { puzzle, moves, locale } = input as Record<string, unknown>;
  const now = new Date();
  const id = typeof puzzle === "string" ? parsePuzzleId(puzzle, now) : null;
  if (!id) return jsonError(400, "invalid_puzzle", "puzzle must be d-YYYY-MM-DD (today or the past year) or p-<number>.");
  const data = await gameData();
  if (!data) return jsonError(503, "no_data", "The games need HS4 export data, which this warehouse does not hold.");
  const outcome = ENGINES[game].play(data, puzzleSeed(game, id, data.dataKey), moves, localeOf(locale));
  if ("error" in outcome) return jsonError(400, outcome.error, `The moves cannot be played: ${outcome.error}${outcome.value ? ` (${outcome.value})` : ""}.`);
  if (outcome.result) {
    const session = await currentSession();
    if (session && mayKeepHistory(session.row)) await recordResult(session.row.id, { game, puzzle: puzzleIdText(id), ...outcome.result }, now);
  }
  return Response.json({ state: outcome.state }, { headers: noStore });
}

export async function handleStats(gameParam: string): Promise<Response> {
  if (!isGame(gameParam)) return jsonError(404, "unknown_game", "No such game.");
  const session = await currentSession();
  if (!session) return jsonError(401, "unauthenticated", "Sign in first.");
  const results = mayKeepHistory(session.row) ? await listResults(session.row.id, gameParam) : [];
  return Response.json({ results, kept: mayKeepHistory(session.row) }, { headers: noStore });
}
