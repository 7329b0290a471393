import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GAMES_PREFIX, GUEST_HISTORY_KEY, historyKey } from "@/domain/consent/storageKeys";
import { runRemovals } from "@/features/consent/browser";
import { onFunctionalConsentWithdrawn } from "@/features/consent/withdrawal";
import { readHistory, recordLocalVisit, subscribeHistory } from "./store";

/** A local storage kept in a Map, enough for the store and consent's removals. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

describe("withdrawing functional consent empties the local history in this tab", () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal("window", { localStorage: storage, sessionStorage: memoryStorage(), addEventListener: () => {}, removeEventListener: () => {} });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("removes every history and the games' keys, keeps the rest, and tells this tab's readers", () => {
    const userKey = historyKey("user-1");
    recordLocalVisit(GUEST_HISTORY_KEY, { link: "/profile/country/chl", title: "Chile", time: 1 });
    recordLocalVisit(userKey, { link: "/profile/country/deu", title: "Germany", time: 2 });
    storage.setItem(`${GAMES_PREFIX}pick5`, "{}");
    storage.setItem("unrelated", "kept");
    expect(readHistory(GUEST_HISTORY_KEY).map((e) => e.link)).toEqual(["/profile/country/chl"]);

    const reader = vi.fn();
    const unsubscribe = subscribeHistory(reader);
    runRemovals(["removeProfileHistory"]);
    unsubscribe();

    expect(reader).toHaveBeenCalledTimes(1);
    expect(readHistory(GUEST_HISTORY_KEY)).toEqual([]);
    expect(readHistory(userKey)).toEqual([]);
    expect([...Array(storage.length).keys()].map((i) => storage.key(i))).toEqual(["unrelated"]);
  });

  it("sends the signal only for functional storage, and stops after unsubscribing", () => {
    const listener = vi.fn();
    const unsubscribe = onFunctionalConsentWithdrawn(listener);
    runRemovals(["removeChatSessions"]);
    expect(listener).not.toHaveBeenCalled();
    runRemovals(["removeProfileHistory"]);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    runRemovals(["removeProfileHistory"]);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
