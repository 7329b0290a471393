"use client";

import {
  cloneElement,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  type ComponentPropsWithoutRef,
  type CSSProperties,
  type ElementType,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { CLOSED, fitShift, menuFocusTarget, menuReducer, triggerKeyTarget, type MenuEvent } from "./menuLogic";
import classes from "./ShellMenu.module.css";

/*
 * The shell's menu button: a trigger and a menu of links drawn in place, hidden (display: none)
 * until opened, so the server HTML holds every link for crawlers and readers without JavaScript.
 * It replaces Mantine's Menu in the header, whose floating layer (Popover, Floating UI, the focus
 * trap) every page loaded before its first paint. Keyboard as in the WAI-ARIA menu button:
 * Enter, Space or ArrowDown open on the first item, ArrowUp on the last; arrows, Home and End
 * move; Escape closes and returns to the trigger; Tab closes and moves on.
 */

interface MenuContext {
  opened: boolean;
  send: (event: MenuEvent) => void;
  triggerId: string;
  menuId: string;
  /** Callback refs: the trigger (focus returns there) and the dropdown (its items). */
  setTrigger: (element: HTMLElement | null) => void;
  setDropdown: (element: HTMLDivElement | null) => void;
  /** Opens from the keyboard: focus goes to the first or last item once the menu shows. */
  openOn: (edge: "first" | "last") => void;
  /** Moves focus to the first or last item of the open menu. */
  focusEdge: (edge: "first" | "last") => void;
  /** Arrow keys, Home, End and Tab inside the open menu. */
  onMenuKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** An item was chosen: close, and give focus back to the trigger if it was in the menu. */
  closeFromItem: () => void;
}

const Context = createContext<MenuContext | null>(null);

function useMenu(): MenuContext {
  const value = useContext(Context);
  if (!value) throw new Error("ShellMenu parts need a ShellMenu");
  return value;
}

function items(dropdown: HTMLElement | null): HTMLElement[] {
  return dropdown ? [...dropdown.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])')] : [];
}

function focusEdgeOf(dropdown: HTMLElement | null, edge: "first" | "last") {
  const list = items(dropdown);
  (edge === "last" ? list[list.length - 1] : list[0])?.focus();
}

interface ShellMenuProps {
  children: ReactNode;
  /** Open on hover (after openDelay ms) and close on leaving (after closeDelay ms) unless a click opened it. */
  hover?: { openDelay: number; closeDelay: number };
  className?: string;
}

export function ShellMenu({ children, hover, className }: ShellMenuProps) {
  const [state, send] = useReducer(menuReducer, CLOSED);
  const baseId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const dropdown = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const opened = state.opened;

  const clearTimer = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => clearTimer, [clearTimer]);

  // An open menu stays inside the viewport (Mantine's floating layer shifted it; this does the same
  // once per open, before paint).
  useLayoutEffect(() => {
    const element = dropdown.current;
    if (!element) return;
    element.style.translate = "";
    if (!opened) return;
    const rect = element.getBoundingClientRect();
    const shift = fitShift(rect.left, rect.right, document.documentElement.clientWidth);
    if (shift) element.style.translate = `${shift}px 0`;
  }, [opened]);

  // A keyboard open moves focus into the menu once it is displayed.
  useEffect(() => {
    if (!opened || !focusOnOpen.current) return;
    focusEdgeOf(dropdown.current, focusOnOpen.current);
    focusOnOpen.current = null;
  }, [opened]);

  // While open: a press outside closes it; Escape anywhere closes it (back to the trigger when
  // focus was in the menu).
  useEffect(() => {
    if (!opened) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) send("close");
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const inside = root.current?.contains(document.activeElement) ?? false;
      send("close");
      if (inside) trigger.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown, true);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [opened]);

  const later = (event: MenuEvent, delay: number) => {
    clearTimer();
    timer.current = setTimeout(() => send(event), delay);
  };

  const value = useMemo<MenuContext>(
    () => ({
      opened,
      send,
      triggerId: `${baseId}-trigger`,
      menuId: `${baseId}-menu`,
      setTrigger: (element) => {
        trigger.current = element;
      },
      setDropdown: (element) => {
        dropdown.current = element;
      },
      openOn: (edge) => {
        focusOnOpen.current = edge;
        send("click");
      },
      focusEdge: (edge) => focusEdgeOf(dropdown.current, edge),
      closeFromItem: () => {
        // Before a dialog the item opens notes where focus goes back to, and so never to a
        // hidden item.
        const inside = root.current?.contains(document.activeElement) ?? false;
        send("close");
        if (inside) trigger.current?.focus({ preventScroll: true });
      },
      onMenuKeyDown: (event) => {
        if (event.key === "Tab") {
          send("close");
          return;
        }
        const list = items(dropdown.current);
        const next = menuFocusTarget(event.key, list.indexOf(document.activeElement as HTMLElement), list.length);
        if (next === null) return;
        event.preventDefault();
        list[next]?.focus();
      },
    }),
    [opened, baseId],
  );

  return (
    <Context.Provider value={value}>
      <div
        ref={root}
        className={className ? `${classes.root} ${className}` : classes.root}
        onMouseEnter={hover ? () => later("hoverOpen", hover.openDelay) : undefined}
        onMouseLeave={hover ? () => later("hoverClose", hover.closeDelay) : undefined}
        onBlur={(event: FocusEvent) => {
          const next = event.relatedTarget as Node | null;
          if (opened && next && !root.current?.contains(next)) send("close");
        }}
      >
        {children}
      </div>
    </Context.Provider>
  );
}

type TriggerChild = ReactElement<{
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}>;

/** The trigger: its one child (a button) gets the menu button's role, state and handlers. */
export function ShellMenuTrigger({ children }: { children: TriggerChild }) {
  const menu = useMenu();
  const own = children.props;
  return cloneElement(children, {
    id: menu.triggerId,
    ref: menu.setTrigger,
    "aria-haspopup": "menu",
    "aria-expanded": menu.opened,
    "aria-controls": menu.menuId,
    "data-expanded": menu.opened || undefined,
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      // Enter and Space click with detail 0: a keyboard open starts on the first item.
      if (!menu.opened && event.detail === 0) menu.openOn("first");
      else menu.send("click");
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      own.onKeyDown?.(event);
      const edge = triggerKeyTarget(event.key);
      if (!edge) return;
      event.preventDefault();
      if (menu.opened) menu.focusEdge(edge);
      else menu.openOn(edge);
    },
  } as Record<string, unknown>);
}

interface DropdownProps {
  children: ReactNode;
  /** Which edge of the trigger the menu lines up with. */
  position?: "start" | "end";
  style?: CSSProperties;
}

export function ShellMenuDropdown({ children, position = "start", style }: DropdownProps) {
  const { setDropdown, menuId, triggerId, opened, onMenuKeyDown } = useMenu();
  return (
    <div
      ref={setDropdown}
      id={menuId}
      role="menu"
      aria-labelledby={triggerId}
      hidden={!opened}
      className={classes.dropdown}
      data-position={position}
      style={style}
      onKeyDown={onMenuKeyDown}
    >
      {children}
    </div>
  );
}

type ItemProps<C extends ElementType> = {
  component?: C;
  rightSection?: ReactNode;
  children: ReactNode;
} & Omit<ComponentPropsWithoutRef<C>, "children" | "component">;

/** An entry: a link (`component="a"` or next/link) or a button; choosing it closes the menu. */
export function ShellMenuItem<C extends ElementType = "button">({ component, rightSection, children, ...props }: ItemProps<C>) {
  const menu = useMenu();
  const Component: ElementType = component ?? "button";
  const { onClick, ...rest } = props as { onClick?: (event: MouseEvent<HTMLElement>) => void };
  return (
    <Component
      role="menuitem"
      tabIndex={-1}
      {...(Component === "button" ? { type: "button" } : {})}
      {...rest}
      className={classes.item}
      onClick={(event: MouseEvent<HTMLElement>) => {
        onClick?.(event);
        menu.closeFromItem();
      }}
      onMouseEnter={(event: MouseEvent<HTMLElement>) => {
        // One highlighted entry: the pointer takes over the keyboard's place (never focus from
        // outside the menu, say a search box the menu opened over on hover).
        const item = event.currentTarget;
        if (item.closest('[role="menu"]')?.contains(document.activeElement)) item.focus({ preventScroll: true });
      }}
    >
      <span className={classes.itemLabel}>{children}</span>
      {rightSection ? <span className={classes.itemSection}>{rightSection}</span> : null}
    </Component>
  );
}

export function ShellMenuLabel({ children, ...props }: { children: ReactNode } & ComponentPropsWithoutRef<"div">) {
  return (
    <div className={classes.label} {...props}>
      {children}
    </div>
  );
}

export function ShellMenuDivider() {
  return <div role="separator" className={classes.divider} />;
}
