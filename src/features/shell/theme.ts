import { createTheme } from "@mantine/core";

// System fonts only: no font downloads at build or run time; Noto CJK covers Chinese on Linux.
const fontFamily =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif";

export const theme = createTheme({
  primaryColor: "teal",
  fontFamily,
  headings: { fontFamily },
  defaultRadius: "md",
});

export const NAVBAR_HEIGHT = 66;
export const BANNER_HEIGHT = 30;
