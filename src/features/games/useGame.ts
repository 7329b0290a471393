"use client";

/**
 * One game's play in the browser: the puzzle (daily or practice), the moves sent to the server
 * (which checks them and answers with the state), and the player's results: kept in this browser
 * for guests and signed-in players alike, only with functional consent; the server keeps a
 * signed-in player's own copy (it records a game it checked when the game ends).
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useLocale } from "next-intl";
import { gameResultsKey } from "@/domain/consent/storageKeys";
import type { GameId } from "@/domain/games/puzzle";
import { addResult, parseResults, summarise, type GameResult, type GameStats } from "@/domain/games/stats";
import { useConsent } from "@/features/consent/context";
import { useSessionUser } from "@/features/session/useSessionUser";

export interface PuzzleEnvelope<P> {
  game: GameId;
  puzzle: string;
  daily: boolean;
  year: number;
  data: P;
}

export interface Ended {
  status: "playing" | "won" | "lost";
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function subscribeStored(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key?.startsWith("ots-games:") && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function readStored(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

export function writeStored(key: string, value: string) {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Full or disabled storage: statistics are a convenience.
  }
  notify();
}

export interface GameResults {
  stats: GameStats;
  /** Functional consent given: results are kept. */
  enabled: boolean;
  signedIn: boolean;
  record(result: Omit<GameResult, "at" | "game">): void;
}

export function useGameResults(game: GameId): GameResults {
  const { functional } = useConsent();
  const { user } = useSessionUser();
  const key = gameResultsKey(game, user?.id);
  const raw = useSyncExternalStore(subscribeStored, () => readStored(key), () => null);
  const local = useMemo(() => {
    try {
      return raw ? parseResults(JSON.parse(raw)) : [];
    } catch {
      return [];
    }
  }, [raw]);
  const [server, setServer] = useState<GameResult[] | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!user || !functional) return;
    let live = true;
    fetch(`/api/games/${game}/stats`, { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null))
      .then((body) => live && body && setServer(parseResults(body.results)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [game, user, functional, version]);
  const record = useCallback(
    (result: Omit<GameResult, "at" | "game">) => {
      if (!functional) return;
      const stored = (() => {
        try {
          return parseResults(JSON.parse(readStored(key) ?? "[]"));
        } catch {
          return [];
        }
      })();
      writeStored(key, JSON.stringify(addResult(stored, { ...result, game, at: new Date().toISOString() })));
      if (user) setVersion((v) => v + 1);
    },
    [functional, key, game, user],
  );
  // Signed in: the server's results and any of this browser's it does not have yet.
  const merged = useMemo(() => (server ? local.reduce((all, r) => addResult(all, r), server) : local), [server, local]);
  return { stats: summarise(functional ? merged : []), enabled: functional, signedIn: user !== null, record };
}

export type PlayError = { code: string; message: string };

export function useGame<P, S extends Ended>(game: GameId, initial: PuzzleEnvelope<P>) {
  const locale = useLocale();
  const [envelope, setEnvelope] = useState(initial);
  const [moves, setMoves] = useState<unknown[]>([]);
  const [state, setState] = useState<S | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<PlayError | null>(null);
  const results = useGameResults(game);
  const { record } = results;

  const load = useCallback(
    async (which: "daily" | "practice") => {
      setPending(true);
      setError(null);
      try {
        const response = await fetch(`/api/games/${game}?puzzle=${which}&locale=${locale}`, { cache: "no-store" });
        const body = await response.json();
        if (!response.ok) throw Object.assign(new Error(body?.error?.message ?? "error"), { code: body?.error?.code ?? "error" });
        setEnvelope(body as PuzzleEnvelope<P>);
        setMoves([]);
        setState(null);
      } catch (e) {
        setError({ code: (e as { code?: string }).code ?? "network", message: (e as Error).message });
      } finally {
        setPending(false);
      }
    },
    [game, locale],
  );

  /** Sends every move so far plus `next`; the server answers with the state. */
  const play = useCallback(
    async (next: unknown[]) => {
      setPending(true);
      setError(null);
      try {
        const response = await fetch(`/api/games/${game}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ puzzle: envelope.puzzle, moves: next, locale }),
        });
        const body = await response.json();
        if (!response.ok) {
          setError({ code: body?.error?.code ?? "error", message: body?.error?.message ?? "" });
          return null;
        }
        const s = body.state as S;
        setMoves(next);
        setState(s);
        return s;
      } catch (e) {
        setError({ code: "network", message: (e as Error).message });
        return null;
      } finally {
        setPending(false);
      }
    },
    [game, envelope.puzzle, locale],
  );

  const ended = state !== null && state.status !== "playing";
  return { envelope, moves, state, pending, error, ended, play, load, results, record };
}
