/**
 * The shell's menu button (navigation menus, language, account), as pure rules: when it opens and
 * closes, and where the arrow keys move focus. The WAI-ARIA menu button pattern, with the
 * hover behaviour Mantine's "click-hover" trigger had: hovering opens, leaving closes unless a
 * click opened it.
 */
export interface MenuState {
  opened: boolean;
  /** Opened by a click (or key): leaving with the pointer does not close it. */
  viaClick: boolean;
}

export type MenuEvent = "click" | "hoverOpen" | "hoverClose" | "close";

export const CLOSED: MenuState = { opened: false, viaClick: false };

export function menuReducer(state: MenuState, event: MenuEvent): MenuState {
  switch (event) {
    case "click":
      // A click on a menu a click opened closes it; on one a hover opened, it keeps it open.
      return state.opened && state.viaClick ? CLOSED : { opened: true, viaClick: true };
    case "hoverOpen":
      return state.opened ? state : { opened: true, viaClick: false };
    case "hoverClose":
      return state.opened && !state.viaClick ? CLOSED : state;
    case "close":
      return state.opened ? CLOSED : state;
  }
}

/** Which item an arrow, Home or End key moves focus to (`current` -1: none focused); null for other keys. */
export function menuFocusTarget(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case "ArrowDown":
      return current < 0 || current >= count - 1 ? 0 : current + 1;
    case "ArrowUp":
      return current <= 0 ? count - 1 : current - 1;
    case "Home":
    case "PageUp":
      return 0;
    case "End":
    case "PageDown":
      return count - 1;
    default:
      return null;
  }
}

/** On the closed trigger: ArrowDown opens on the first item, ArrowUp on the last. */
export function triggerKeyTarget(key: string): "first" | "last" | null {
  if (key === "ArrowDown") return "first";
  if (key === "ArrowUp") return "last";
  return null;
}

/** Keeps an open menu this far from the viewport's edges. */
export const MENU_EDGE_MARGIN = 8;

/**
 * How far to move an open menu sideways so it stays inside the viewport (negative: to the left),
 * given where it was drawn. The left edge wins when the menu is wider than the viewport.
 */
export function fitShift(left: number, right: number, viewportWidth: number, margin = MENU_EDGE_MARGIN): number {
  let shift = 0;
  if (right > viewportWidth - margin) shift = viewportWidth - margin - right;
  if (left + shift < margin) shift = margin - left;
  return shift;
}
