import type { Session } from "next-auth";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { createSessionStore, initialSessionValue, SessionStoreProvider, useSession } from "./SessionStore";

const alice = { user: { id: "u1", email: "alice@example.org" }, expires: "2099-01-01T00:00:00.000Z" } as unknown as Session;

describe("the session store", () => {
  it("starts where next-auth starts: loading without a server session, else the server's answer", () => {
    const update = async () => null;
    expect(initialSessionValue(undefined, update)).toMatchObject({ status: "loading", data: null });
    expect(initialSessionValue(null, update)).toMatchObject({ status: "unauthenticated", data: null });
    expect(initialSessionValue(alice, update)).toMatchObject({ status: "authenticated", data: alice });
  });

  it("tells its subscribers of a new state only, and keeps one update function that calls next-auth's latest", async () => {
    const store = createSessionStore(undefined);
    const heard = vi.fn();
    store.subscribe(heard);
    const first = vi.fn(async () => null);
    store.publish({ data: null, status: "loading", update: first });
    // Same state (a new update function alone): no render for anyone.
    expect(heard).not.toHaveBeenCalled();
    expect(store.get()).toBe(store.initial);
    const second = vi.fn(async () => alice);
    store.publish({ data: alice, status: "authenticated", update: second });
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.get()).toMatchObject({ status: "authenticated", data: alice });
    // The update callers hold stays the same function across states, and reaches the latest.
    expect(store.get().update).toBe(store.initial.update);
    await store.get().update({ x: 1 });
    expect(second).toHaveBeenCalledWith({ x: 1 });
    expect(first).not.toHaveBeenCalled();
  });

  it("renders the server's session on the server, per request (no store shared between requests)", () => {
    function Who() {
      const { status, data } = useSession();
      return createElement("p", null, `${status}:${data?.user?.email ?? "-"}`);
    }
    const page = (session: Session | null | undefined) => renderToString(<SessionStoreProvider session={session}><Who /></SessionStoreProvider>);
    expect(page(alice)).toContain("authenticated:alice@example.org");
    expect(page(null)).toContain("unauthenticated:-");
    expect(page(undefined)).toContain("loading:-");
  });

  it("refuses to be read outside its provider", () => {
    function Who() {
      useSession();
      return null;
    }
    expect(() => renderToString(createElement(Who))).toThrow(/SessionStoreProvider/);
  });
});
