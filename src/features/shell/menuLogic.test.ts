import { describe, expect, it } from "vitest";
import { CLOSED, fitShift, menuFocusTarget, menuReducer, triggerKeyTarget, type MenuState } from "./menuLogic";

const hovered: MenuState = { opened: true, viaClick: false };
const clicked: MenuState = { opened: true, viaClick: true };

describe("menuReducer", () => {
  it("a click opens a closed menu and closes one a click opened", () => {
    expect(menuReducer(CLOSED, "click")).toEqual(clicked);
    expect(menuReducer(clicked, "click")).toEqual(CLOSED);
  });

  it("a click on a menu a hover opened keeps it open, now held by the click", () => {
    expect(menuReducer(hovered, "click")).toEqual(clicked);
  });

  it("hover opens; leaving closes only what hover opened", () => {
    expect(menuReducer(CLOSED, "hoverOpen")).toEqual(hovered);
    expect(menuReducer(hovered, "hoverClose")).toEqual(CLOSED);
    expect(menuReducer(clicked, "hoverClose")).toBe(clicked);
    expect(menuReducer(clicked, "hoverOpen")).toBe(clicked);
  });

  it("close always closes, and a closed menu stays the same object", () => {
    expect(menuReducer(clicked, "close")).toEqual(CLOSED);
    expect(menuReducer(hovered, "close")).toEqual(CLOSED);
    expect(menuReducer(CLOSED, "close")).toBe(CLOSED);
    expect(menuReducer(CLOSED, "hoverClose")).toBe(CLOSED);
  });
});

describe("menuFocusTarget", () => {
  it("ArrowDown goes to the next item and wraps to the first", () => {
    expect(menuFocusTarget("ArrowDown", -1, 3)).toBe(0);
    expect(menuFocusTarget("ArrowDown", 0, 3)).toBe(1);
    expect(menuFocusTarget("ArrowDown", 2, 3)).toBe(0);
  });

  it("ArrowUp goes to the previous item and wraps to the last", () => {
    expect(menuFocusTarget("ArrowUp", -1, 3)).toBe(2);
    expect(menuFocusTarget("ArrowUp", 0, 3)).toBe(2);
    expect(menuFocusTarget("ArrowUp", 2, 3)).toBe(1);
  });

  it("Home and End go to the ends", () => {
    expect(menuFocusTarget("Home", 1, 4)).toBe(0);
    expect(menuFocusTarget("End", 1, 4)).toBe(3);
    expect(menuFocusTarget("PageUp", 2, 4)).toBe(0);
    expect(menuFocusTarget("PageDown", 0, 4)).toBe(3);
  });

  it("other keys and empty menus move nothing", () => {
    expect(menuFocusTarget("Enter", 0, 3)).toBeNull();
    expect(menuFocusTarget("a", 0, 3)).toBeNull();
    expect(menuFocusTarget("ArrowDown", -1, 0)).toBeNull();
  });
});

describe("triggerKeyTarget", () => {
  it("opens on the first item with ArrowDown and the last with ArrowUp", () => {
    expect(triggerKeyTarget("ArrowDown")).toBe("first");
    expect(triggerKeyTarget("ArrowUp")).toBe("last");
    expect(triggerKeyTarget("Enter")).toBeNull();
  });
});

describe("fitShift", () => {
  it("leaves a menu that fits where it is", () => {
    expect(fitShift(100, 400, 1280)).toBe(0);
  });

  it("moves a menu past the right edge back inside, with the margin", () => {
    expect(fitShift(900, 1100, 1000)).toBe(-108);
  });

  it("moves a menu past the left edge back inside", () => {
    expect(fitShift(-20, 200, 1000)).toBe(28);
  });

  it("keeps the left edge visible when the menu is wider than the viewport", () => {
    expect(fitShift(50, 450, 300)).toBe(-42);
    expect(fitShift(50, 450, 300) + 50).toBe(8);
  });
});
