import { createTheme, type CSSVariablesResolver } from "@mantine/core";

// Inter, bundled (fonts.ts, as the CSS variable on <html>), then the system stack; Chinese falls
// through to Noto Sans CJK (Linux), PingFang (Apple) or Microsoft YaHei.
const fontFamily =
  "var(--ots-font-sans), system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif";

export const theme = createTheme({
  primaryColor: "teal",
  // Shade 9 keeps white button text and teal links above 4.5:1 contrast on light backgrounds.
  primaryShade: { light: 9, dark: 9 },
  fontFamily,
  headings: { fontFamily },
  defaultRadius: "md",
});

export const NAVBAR_HEIGHT = 66;
export const BANNER_HEIGHT = 30;

/** Dimmed text one step darker (lighter in dark mode) than Mantine's, and accent text on tints, for WCAG AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    // Mantine's hover of a shade-9 filled button is the lighter shade 8 (white text at 3.9:1): a
    // darker teal instead keeps the hovered (and just clicked) button above 4.5:1.
    "--mantine-color-teal-filled-hover": "#066b4d",
    "--mantine-primary-color-filled-hover": "#066b4d",
  },
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    // Text of "light" badges and buttons in the accent: the darkest teal, for 4.5:1 on its tint.
    "--mantine-color-teal-light-color": "var(--mantine-color-teal-9)",
    "--mantine-primary-color-light-color": "var(--mantine-color-teal-9)",
    "--mantine-color-teal-light": "var(--mantine-color-teal-0)",
    "--mantine-primary-color-light": "var(--mantine-color-teal-0)",
  },
  dark: { "--mantine-color-dimmed": "var(--mantine-color-dark-1)" },
});
