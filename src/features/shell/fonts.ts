/**
 * The site's typeface: Inter (variable weight), bundled from npm (@fontsource-variable/inter) and
 * served by Next.js from our own origin, preloaded, with no font CDN. Only the Latin subset is
 * loaded (it covers English and Spanish); other scripts fall back to the system stack, with Noto
 * Sans CJK for Chinese.
 */
import localFont from "next/font/local";

export const inter = localFont({
  src: "../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  style: "normal",
  display: "swap",
  variable: "--ots-font-sans",
  preload: true,
  // Metric-matched fallback while the font loads, so text does not jump.
  adjustFontFallback: "Arial",
});
