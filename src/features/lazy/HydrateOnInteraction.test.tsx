import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createGate, HydrateOnInteraction, OPENING_EVENTS } from "./HydrateOnInteraction";

describe("hydrating on interaction", () => {
  it("renders its children on the server, whole, inside a box that does not change the layout", () => {
    const html = renderToString(createElement(HydrateOnInteraction, null, createElement("button", null, "Download")));
    expect(html).toContain("<button>Download</button>");
    expect(html).toContain('style="display:contents"');
    expect(html).toContain('data-hydrate="interaction"');
    // A Suspense boundary around them, completed on the server (not a fallback).
    expect(html).toContain("<!--$-->");
    expect(html).not.toContain("<!--$!-->");
  });

  it("opens its gate once, and a promise waiting on it settles", async () => {
    const gate = createGate();
    expect(gate.open).toBe(false);
    let settled = false;
    void gate.opened.then(() => (settled = true));
    gate.release();
    gate.release();
    await gate.opened;
    expect(gate.open).toBe(true);
    expect(settled).toBe(true);
  });

  it("opens on whatever comes before a click or a key: pointer near, press, touch, focus, key", () => {
    expect([...OPENING_EVENTS]).toEqual(["pointerover", "pointerdown", "touchstart", "focusin", "keydown", "click"]);
  });
});
