/**
 * Mantine's layout and text primitives for server components, without a client boundary.
 *
 * Every `@mantine/core` component is a client component: a server-rendered profile built from
 * `Stack`, `Text`, `Table`… ships each of them as a client reference (670 on a country profile),
 * which the server serialises, renders a second time to HTML, and the browser hydrates one by one.
 * These components draw the SAME markup (Mantine's class names, data attributes and CSS variables,
 * styled by the Mantine stylesheets every page loads, src/app/[locale]/mantineStyles.ts) as plain elements: no hooks, no
 * context, nothing to hydrate. `static.test.tsx` renders each beside its Mantine twin and compares.
 *
 * Use them in server components that only lay out text, tables and links; interactive pieces stay
 * Mantine client components. Only the props the pages use are supported (the types say which).
 */
import type { CSSProperties, HTMLAttributes, ReactNode } from "react";
import classes from "./static.module.css";

type Size = "xs" | "sm" | "md" | "lg" | "xl";
type Spacing = Size | number;
type Breakpoint = "base" | "xs" | "sm" | "md" | "lg" | "xl";

/** Mantine's `rem()`: pixels at the theme's scale. */
export function rem(px: number): string {
  return px === 0 ? "0rem" : `calc(${px / 16}rem * var(--mantine-scale))`;
}

const SIZES = new Set(["xs", "sm", "md", "lg", "xl"]);
const spacing = (value: Spacing): string => (typeof value === "number" ? rem(value) : SIZES.has(value) ? `var(--mantine-spacing-${value})` : value);
const fontSize = (value: Size | number): string => (typeof value === "number" ? rem(value) : `var(--mantine-font-size-${value})`);
const length = (value: number | string): string => (typeof value === "number" ? rem(value) : value);

function color(value: string): string {
  if (value === "dimmed" || value === "bright") return `var(--mantine-color-${value})`;
  if (value === "inherit" || value.startsWith("#") || value.startsWith("var(") || value.startsWith("rgb")) return value;
  return /^[a-z]+\.\d$/.test(value) ? `var(--mantine-color-${value.replace(".", "-")})` : `var(--mantine-color-${value}-text)`;
}

/** The style props the pages use, written as Mantine writes them (inline, in its order). */
export interface StyleProps {
  m?: Spacing;
  my?: Spacing;
  mx?: Spacing;
  mt?: Spacing;
  mb?: Spacing;
  ml?: Spacing;
  mr?: Spacing;
  p?: Responsive<Spacing>;
  py?: Responsive<Spacing>;
  px?: Responsive<Spacing>;
  pt?: Spacing;
  pb?: Responsive<Spacing>;
  c?: string;
  fw?: number;
  fz?: Size | number;
  ff?: "monospace" | "text" | "heading";
  td?: CSSProperties["textDecoration"];
  display?: CSSProperties["display"];
  miw?: number | string;
  mih?: number | string;
  /** Shown from this breakpoint up (Mantine's class). */
  visibleFrom?: Exclude<Breakpoint, "base">;
  /** Hidden from this breakpoint up (Mantine's class). */
  hiddenFrom?: Exclude<Breakpoint, "base">;
  ta?: CSSProperties["textAlign"];
  tt?: CSSProperties["textTransform"];
  w?: number | string;
  h?: number | string;
  maw?: number | string;
  mah?: number | string;
}

const STYLE_PROPS: ReadonlyArray<[keyof StyleProps, (value: never) => Record<string, string | number>]> = [
  ["m", (v: Spacing) => ({ margin: spacing(v) })],
  ["my", (v: Spacing) => ({ marginBlock: spacing(v) })],
  ["mx", (v: Spacing) => ({ marginInline: spacing(v) })],
  ["mt", (v: Spacing) => ({ marginTop: spacing(v) })],
  ["mb", (v: Spacing) => ({ marginBottom: spacing(v) })],
  ["ml", (v: Spacing) => ({ marginLeft: spacing(v) })],
  ["mr", (v: Spacing) => ({ marginRight: spacing(v) })],
  ["p", (v: Responsive<Spacing>) => responsive("p", "padding", v)],
  ["py", (v: Responsive<Spacing>) => responsive("py", "paddingBlock", v)],
  ["px", (v: Responsive<Spacing>) => responsive("px", "paddingInline", v)],
  ["pt", (v: Spacing) => ({ paddingTop: spacing(v) })],
  ["pb", (v: Responsive<Spacing>) => responsive("pb", "paddingBottom", v)],
  ["w", (v: number | string) => ({ width: length(v) })],
  ["h", (v: number | string) => ({ height: length(v) })],
  ["maw", (v: number | string) => ({ maxWidth: length(v) })],
  ["mah", (v: number | string) => ({ maxHeight: length(v) })],
  ["miw", (v: number | string) => ({ minWidth: length(v) })],
  ["mih", (v: number | string) => ({ minHeight: length(v) })],
  ["display", (v: string) => ({ display: v })],
  ["c", (v: string) => ({ color: color(v) })],
  ["fw", (v: number) => ({ fontWeight: v })],
  ["fz", (v: Size | number) => ({ fontSize: fontSize(v) })],
  ["ta", (v: string) => ({ textAlign: v })],
  ["tt", (v: string) => ({ textTransform: v })],
  ["td", (v: string) => ({ textDecoration: v })],
  ["ff", (v: string) => ({ fontFamily: v === "text" ? "var(--mantine-font-family)" : `var(--mantine-font-family-${v === "heading" ? "headings" : v})` })],
];

/** A spacing prop: inline as Mantine writes it, or per breakpoint through variables static.module.css reads. */
function responsive(name: "p" | "py" | "px" | "pb", property: string, value: Responsive<Spacing>): Record<string, string> {
  if (typeof value !== "object") return { [property]: spacing(value) };
  const vars: Record<string, string> = {};
  for (const [breakpoint, v] of Object.entries(value)) if (v !== undefined) vars[`--oto-${name}-${breakpoint}`] = spacing(v);
  return vars;
}

const STYLE_INDEX = new Map<string, number>(STYLE_PROPS.map(([key], i) => [key, i]));
const CONSUMED = new Set(["style", "className", "visibleFrom", "hiddenFrom"]);

/**
 * Splits style props from the rest, and merges them (after the component's own variables) into
 * `style`, in Mantine's order. One pass over the props (a page draws hundreds of these).
 */
function withStyle<P extends StyleProps & { style?: CSSProperties; className?: string }>(props: P, vars: Record<string, string | number | undefined> = {}): { style: CSSProperties | undefined; rest: Omit<P, keyof StyleProps | "style" | "className">; cls: string | undefined } {
  const rest: Record<string, unknown> = {};
  let found: Array<unknown> | undefined;
  for (const key in props) {
    const value = (props as Record<string, unknown>)[key];
    const index = STYLE_INDEX.get(key);
    if (index !== undefined) {
      if (value !== undefined && value !== null) (found ??= [])[index] = value;
    } else if (!CONSUMED.has(key)) rest[key] = value;
  }
  const style: Record<string, string | number> = {};
  let styled = false;
  for (const key in vars) {
    const value = vars[key];
    if (value !== undefined) {
      style[key] = value;
      styled = true;
    }
  }
  if (props.style) {
    Object.assign(style, props.style);
    styled = true;
  }
  if (found) {
    for (let i = 0; i < found.length; i++) if (found[i] !== undefined) Object.assign(style, (STYLE_PROPS[i]![1] as (v: unknown) => Record<string, string | number>)(found[i]));
    styled = true;
  }
  let cls = props.className;
  if (props.visibleFrom) cls = join(cls, `mantine-visible-from-${props.visibleFrom}`);
  if (props.hiddenFrom) cls = join(cls, `mantine-hidden-from-${props.hiddenFrom}`);
  for (const name of ["p", "py", "px", "pb"] as const) if (typeof props[name] === "object") cls = join(cls, classes[name]);
  return { style: styled ? (style as CSSProperties) : undefined, rest: rest as Omit<P, keyof StyleProps | "style" | "className">, cls: cls || undefined };
}

const join = (...names: Array<string | false | undefined>): string => names.filter(Boolean).join(" ");

type Base = StyleProps & Omit<HTMLAttributes<HTMLElement>, "color"> & { children?: ReactNode; [data: `data-${string}`]: string | number | boolean | undefined };

export function Box({ component: Tag = "div", ...props }: Base & { component?: "div" | "span" | "section" | "ul" | "li" }) {
  const { style, rest, cls } = withStyle(props);
  return <Tag style={style} className={cls} {...rest} />;
}

type Block = "div" | "section" | "nav" | "ul" | "ol" | "li" | "article" | "aside" | "header" | "footer";

export function Stack({ gap = "md", align = "stretch", justify = "flex-start", component: Tag = "div", ...props }: Base & { gap?: Spacing; align?: CSSProperties["alignItems"]; justify?: CSSProperties["justifyContent"]; component?: Block }) {
  const { style, rest, cls } = withStyle(props, { "--stack-gap": spacing(gap), "--stack-align": align, "--stack-justify": justify });
  return <Tag style={style} className={join("m_6d731127 mantine-Stack-root", cls)} {...rest} />;
}

export function Group({ gap = "md", align = "center", justify = "flex-start", wrap = "wrap", component: Tag = "div", ...props }: Base & { gap?: Spacing; align?: CSSProperties["alignItems"]; justify?: CSSProperties["justifyContent"]; wrap?: CSSProperties["flexWrap"]; component?: Block }) {
  const { style, rest, cls } = withStyle(props, { "--group-gap": spacing(gap), "--group-align": align, "--group-justify": justify, "--group-wrap": wrap });
  return <Tag style={style} className={join("m_4081bf90 mantine-Group-root", cls)} {...rest} />;
}

type TextProps = Base & { size?: Size; lineClamp?: number; inherit?: boolean; component?: "p" | "span" | "div" | "dd" | "dt" | "label"; title?: string; span?: boolean };

export function Text({ size, lineClamp, inherit, span, component: Tag = span ? "span" : "p", ...props }: TextProps) {
  const { style, rest, cls } = withStyle(props, {
    "--text-fz": size ? `var(--mantine-font-size-${size})` : undefined,
    "--text-lh": size ? `var(--mantine-line-height-${size})` : undefined,
    "--text-line-clamp": lineClamp,
  });
  return (
    <Tag
      style={style}
      className={join("mantine-focus-auto m_b6d8b162 mantine-Text-root", cls)}
      data-size={size}
      data-line-clamp={lineClamp ? "true" : undefined}
      data-inherit={inherit ? "true" : undefined}
      {...rest}
    />
  );
}

export function Title({ order = 1, size, ...props }: Base & { order?: 1 | 2 | 3 | 4 | 5 | 6; size?: "h1" | "h2" | "h3" | "h4" | "h5" | "h6" }) {
  const heading = size ?? `h${order}`;
  const { style, rest, cls } = withStyle(props, {
    "--title-fw": `var(--mantine-${heading}-font-weight)`,
    "--title-lh": `var(--mantine-${heading}-line-height)`,
    "--title-fz": `var(--mantine-${heading}-font-size)`,
  });
  const Tag = `h${order}` as const;
  return <Tag style={style} className={join("m_8a5d1357 mantine-Title-root", cls)} data-size={size} data-order={order} {...rest} />;
}

export function Paper({ component: Tag = "div", withBorder, radius, ...props }: Base & { component?: "div" | "section" | "article"; withBorder?: boolean; radius?: Size }) {
  const { style, rest, cls } = withStyle(props, { "--paper-radius": radius ? `var(--mantine-radius-${radius})` : undefined });
  return <Tag style={style} className={join("m_1b7284a3 mantine-Paper-root", cls)} data-with-border={withBorder ? "true" : undefined} {...rest} />;
}

export function Container({ size, ...props }: Base & { size?: Size }) {
  const { style, rest, cls } = withStyle(props, { "--container-size": size ? `var(--container-size-${size})` : undefined });
  return <div style={style} className={join("m_7485cace mantine-Container-root", cls)} data-size={size} data-strategy="block" {...rest} />;
}

type Responsive<T> = T | Partial<Record<Breakpoint, T>>;

/**
 * Mantine's SimpleGrid; responsive columns and spacing through variables per breakpoint that
 * static.module.css turns into `--sg-cols` / `--sg-spacing-*` (Mantine writes a <style> per grid).
 */
export function SimpleGrid({ cols = 1, spacing: gap = "md", verticalSpacing, ...props }: Base & { cols?: Responsive<number>; spacing?: Responsive<Spacing>; verticalSpacing?: Responsive<Spacing> }) {
  const vars: Record<string, string | number> = {};
  const put = (name: string, value: Responsive<number | Spacing> | undefined, write: (v: never) => string | number) => {
    if (value === undefined) return;
    const table = typeof value === "object" ? value : { base: value };
    for (const [breakpoint, v] of Object.entries(table)) if (v !== undefined) vars[`--oto-sg-${name}-${breakpoint}`] = (write as (x: unknown) => string | number)(v);
  };
  put("cols", cols, (v: number) => v);
  put("x", gap, spacing);
  put("y", verticalSpacing ?? gap, spacing);
  const { style, rest, cls } = withStyle(props, vars);
  return <div style={style} className={join("m_2415a157 mantine-SimpleGrid-root", classes.grid, cls)} {...rest} />;
}

type AnchorProps = Omit<TextProps, "component"> & { href: string; underline?: "always" | "hover" | "never" | "not-hover"; target?: string; rel?: string; download?: boolean | string };

export function Anchor({ size, inherit, underline = "hover", lineClamp, ...props }: AnchorProps) {
  const { style, rest, cls } = withStyle(props, {
    "--text-fz": size ? `var(--mantine-font-size-${size})` : undefined,
    "--text-lh": size ? `var(--mantine-line-height-${size})` : undefined,
    "--text-line-clamp": lineClamp,
  });
  return (
    <a
      style={style}
      className={join("mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root", cls)}
      data-size={size}
      data-inherit={inherit ? "true" : undefined}
      data-underline={underline}
      data-line-clamp={lineClamp ? "true" : undefined}
      {...rest}
    />
  );
}

/** A table whose rows carry their borders; striping and hover come from the table (static.module.css), not a context. */
export function Table({ striped, highlightOnHover, withTableBorder, verticalSpacing = 7, ...props }: Base & { striped?: boolean; highlightOnHover?: boolean; withTableBorder?: boolean; verticalSpacing?: Spacing }) {
  const { style, rest, cls } = withStyle(props, { "--table-vertical-spacing": spacing(verticalSpacing) });
  return (
    <table
      style={style}
      className={join("m_b23fa0ef mantine-Table-table", classes.table, cls)}
      data-with-table-border={withTableBorder ? "true" : undefined}
      data-oto-striped={striped ? "true" : undefined}
      data-oto-hover={highlightOnHover ? "true" : undefined}
      {...rest}
    />
  );
}

export function TableScrollContainer({ minWidth, type = "scrollarea", ...props }: Base & { minWidth: number | string; type?: "native" | "scrollarea" }) {
  const { style, rest, cls } = withStyle(props, { "--table-min-width": length(minWidth), "--table-overflow": type === "native" ? "auto" : undefined });
  const { children, ...outer } = rest;
  return (
    <div style={style} className={join("m_a100c15 mantine-TableScrollContainer-scrollContainer", classes.scroll, cls)} {...outer}>
      <div className="m_62259741 mantine-TableScrollContainer-scrollContainerInner">{children}</div>
    </div>
  );
}

const tablePart = (tag: "thead" | "tbody", names: string) =>
  function Part({ ...props }: Base) {
    const { style, rest, cls } = withStyle(props);
    const Tag = tag;
    return <Tag style={style} className={join(names, cls)} {...rest} />;
  };

export const TableThead = tablePart("thead", "m_b242d975 mantine-Table-thead");
export const TableTbody = tablePart("tbody", "m_b2404537 mantine-Table-tbody");

export function TableTr({ ...props }: Base) {
  const { style, rest, cls } = withStyle(props);
  return <tr style={style} className={join("m_4e7aa4fd mantine-Table-tr", cls)} data-with-row-border="true" {...rest} />;
}

type CellProps = Base & { colSpan?: number; rowSpan?: number; scope?: "col" | "row" };

export function TableTh({ ...props }: CellProps) {
  const { style, rest, cls } = withStyle(props);
  return <th style={style} className={join("m_4e7aa4f3 mantine-Table-th", cls)} {...rest} />;
}

export function TableTd({ ...props }: CellProps) {
  const { style, rest, cls } = withStyle(props);
  return <td style={style} className={join("m_4e7aa4ef mantine-Table-td", cls)} {...rest} />;
}

export function Badge({ variant, color, size, radius, children, ...props }: Base & { variant?: "filled" | "light" | "outline" | "default"; color?: string; size?: Size; radius?: Size }) {
  const tone = color ?? "teal";
  // Mantine writes the colours only when a variant or colour is asked for; the stylesheet has the default's.
  const palette =
    variant === undefined && color === undefined
      ? { bg: undefined, color: undefined, bd: undefined }
      : variant === "default"
      ? { bg: "var(--mantine-color-default)", color: "var(--mantine-color-default-color)", bd: `${rem(1)} solid var(--mantine-color-default-border)` }
      : variant === "outline"
        ? { bg: "transparent", color: `var(--mantine-color-${tone}-outline)`, bd: `${rem(1)} solid var(--mantine-color-${tone}-outline)` }
        : variant === "light"
          ? { bg: `var(--mantine-color-${tone}-light)`, color: `var(--mantine-color-${tone}-light-color)`, bd: `${rem(1)} solid transparent` }
          : { bg: `var(--mantine-color-${tone}-filled)`, color: "var(--mantine-color-white)", bd: `${rem(1)} solid transparent` };
  const { style, rest, cls } = withStyle(props, {
    "--badge-height": size ? `var(--badge-height-${size})` : undefined,
    "--badge-padding-x": size ? `var(--badge-padding-x-${size})` : undefined,
    "--badge-fz": size ? `var(--badge-fz-${size})` : undefined,
    "--badge-radius": radius ? `var(--mantine-radius-${radius})` : undefined,
    "--badge-bg": palette.bg,
    "--badge-color": palette.color,
    "--badge-bd": palette.bd,
  });
  return (
    <div style={style} className={join("m_347db0ec mantine-Badge-root", cls)} data-variant={variant} data-size={size} {...rest}>
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}

export function List({ size, spacing: gap, type = "unordered", ...props }: Base & { size?: Size; spacing?: Spacing; type?: "ordered" | "unordered" }) {
  const { style, rest, cls } = withStyle(props, {
    "--list-fz": size ? `var(--mantine-font-size-${size})` : undefined,
    "--list-lh": size ? `var(--mantine-line-height-${size})` : undefined,
    "--list-spacing": gap === undefined ? undefined : spacing(gap),
  });
  const Tag = type === "ordered" ? "ol" : "ul";
  return <Tag style={style} className={join("m_abbac491 mantine-List-root", cls)} data-size={size} {...rest} />;
}

export function ListItem({ children, ...props }: Base) {
  const { style, rest, cls } = withStyle(props);
  return (
    <li style={style} className={join("m_abb6bec2 mantine-List-item", cls)} {...rest}>
      <div className="m_75cd9f71 mantine-List-itemWrapper">
        <span className="mantine-List-itemLabel">{children}</span>
      </div>
    </li>
  );
}
