/** Spec section 9: business constants and limits. */
import { describe, expect } from "vitest";
import { DIMENSION_PALETTES, DIVERGENT, FONT_SIZE, LEGEND_ICON, SEQUENTIAL, TOOLTIP_ROW_ORDER, TOOLTIP_TITLE, tooltipRows, UNKNOWN_COLOR } from "@/domain/charts/presentation";
import { formatCount } from "@/domain/explorer/counts";
import { VARIANTS } from "@/domain/explorer/reports";
import { PRO_BADGE_SIZE, TILE_ASPECT, TILE_IMAGE_HEIGHT, TILE_MIN_WIDTH } from "@/domain/explorer/tileMember";
import { formatPercent, formatPeriod, formatUsd } from "@/domain/format";
import { HISTORY_CAP } from "@/domain/history/history";
import { DEFAULT_LOCALE, LOCALES } from "@/domain/i18n/locales";
import { KIND_ICON_SET } from "@/domain/memberIcons";
import { ALL_SUBNATIONAL_COUNTRIES, mapConfigOf, SUBNATIONAL_COUNTRIES } from "@/domain/subnational/config";
import { COOKIE_CATALOGUE, COOKIE_CATEGORIES } from "@/features/consent/catalogue";
import { EXPLORER_DEBOUNCE_MS } from "@/features/explorer/useExplorer";
import { BANNER_AUTOPLAY_MS, BANNERS } from "@/features/shell/banners";
import { LOADING_BAR_SPEED_MS } from "@/features/shell/routeLoading";
import { SESSION_REFETCH_SECONDS } from "@/features/shell/session";
import { BANNER_HEIGHT, NAVBAR_HEIGHT } from "@/features/shell/theme";
import { tileCode } from "@/domain/format";
import { comparisonChoices, COMPARISON_YEARS_BACK } from "@/domain/catalog/comparison";
import { catalogEntry } from "@/domain/catalog/test-support";
import nextConfig from "../../next.config";
import { LOCALE_LIST, message, route, source, spec } from "./support";

const labels = { rca: "RCA", relatedness: "Relatedness", marketShare: "Market Share", delta: "Delta", tradeValue: "Trade Value", growth: "Growth", percent: "Percent", year: "Year", month: "Month", quarter: "Quarter" };
const entries = COOKIE_CATEGORIES.flatMap((c) => COOKIE_CATALOGUE[c]);

describe("9. Business constants and limits", () => {
  spec("s9.page-size", () => {
    expect(source("src/features/explorer/Explorer.tsx")).toContain("export const EXPLORER_PAGE_SIZE = 10;");
    expect(EXPLORER_DEBOUNCE_MS).toBe(750);
    expect(source("src/features/explorer/ReportSelector.tsx")).toContain("realVariants.length > 2");
  });

  spec("s9.explorer-sizes", () => {
    expect(source("src/features/explorer/Explorer.module.css")).toContain("@media (max-width: 1000px)");
    expect(source("src/features/explorer/Explorer.tsx")).toContain("const RESULT_HEIGHT_OFFSET = 50;");
    expect(source("src/features/explorer/ReportSelector.tsx").match(/w=\{450\}/g)).toHaveLength(2);
    expect(TILE_IMAGE_HEIGHT).toBe(160);
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1k");
  });

  spec("s9.labels", () => {
    const en = ["search", "all", "noResults", "loadMore", "selectReport", "selectVariant"].map((k) => message("en", `explorer.${k}`));
    expect(en).toEqual(["Search", "All", "No Results", "Load more", "Select Report", "Select Variant"]);
  });

  spec("s9.overridable", () => {
    const variantIds = Object.values(VARIANTS).map((v) => String(v.id));
    for (const l of LOCALE_LIST) {
      for (const id of variantIds.filter((id) => id !== "11")) expect(message(l, `explorer.variants.${id}`), `${l} variant ${id}`).toBeTruthy();
      for (const key of ["geography", "product", "reporter", "partner", "country", "organization"]) expect(message(l, `explorer.dimensions.${key}`), `${l} ${key}`).toBeTruthy();
    }
    // Icons per dimension: every member kind has its icon set.
    for (const v of Object.values(VARIANTS)) expect(KIND_ICON_SET[v.kind]).toBeTruthy();
  });

  spec("s9.shell-sizes", () => {
    expect(source("src/features/explorer/ExplorerDialogBody.tsx")).toContain("export const SHELL_EXPLORE_PAGE_SIZE = 12;");
    expect(HISTORY_CAP).toBe(25);
    expect(SESSION_REFETCH_SECONDS).toBe(86400);
    expect(NAVBAR_HEIGHT).toBe(66);
    expect(BANNER_HEIGHT).toBe(30);
  });

  spec("s9.banner", () => {
    expect(BANNER_AUTOPLAY_MS).toBe(10000);
    expect(BANNERS).toEqual([]);
    expect(LOADING_BAR_SPEED_MS).toBe(1000);
  });

  spec("s9.image-sizes", () => {
    expect(nextConfig.images?.deviceSizes).toEqual([640, 750, 828, 1080, 1200, 1920, 2048, 3840]);
    expect(nextConfig.images?.imageSizes).toEqual([16, 32, 48, 64, 96, 128, 256, 384]);
  });

  spec("s9.auth-base", () => {
    expect(route("api/auth/[...nextauth]/route.ts")).toBe(true);
    expect(source("node_modules/next-auth/react/index.js")).toContain("refetchInterval * 1000");
    expect(source("src/features/shell/Providers.tsx")).toContain("refetchInterval={refetch.refetchInterval}");
  });

  spec("s9.translation-retries", () => {
    // Not applicable: messages are files read with the server, not fetched.
    expect(source("src/i18n/messages.ts")).toContain('import en from "../../messages/en.json"');
  });

  spec("s9.interpolation", () => {
    // Not applicable: ICU messages through next-intl (arguments substituted once).
    expect(JSON.parse(source("package.json")).dependencies["next-intl"]).toBe("4.14.8");
    expect(message("en", "explorer.seeReport")).toBe("See {report} Report");
  });

  spec("s9.tiles", () => {
    expect(TILE_ASPECT).toEqual({ width: 200, height: 120 });
    expect(TILE_MIN_WIDTH).toBe(120);
    expect(PRO_BADGE_SIZE).toEqual({ width: 35, height: 34 });
    expect(source("src/features/explorer/Explorer.module.css")).toContain("aspect-ratio: 200 / 120;");
    const tile = source("src/features/explorer/ResultTile.tsx");
    expect(tile).toContain("miw={TILE_MIN_WIDTH}");
    expect(tile).toContain("style={{ width: PRO_BADGE_SIZE.width, height: PRO_BADGE_SIZE.height }}");
  });

  spec("s9.tile-labels", () => {
    expect(LOCALE_LIST.map((l) => [message(l, "explorer.variants.3"), message(l, "explorer.variants.4")])).toEqual([
      ["Country", "Country"],
      ["País", "País"],
      ["国家", "国家"],
    ]);
    for (const l of LOCALE_LIST) expect([8, 9, 10].map((id) => message(l, `explorer.variants.${id}`))).toEqual(["HS2", "HS4", "HS6"]);
    expect([VARIANTS.hs2.id, VARIANTS.hs4.id, VARIANTS.hs6.id]).toEqual([8, 9, 10]);
    expect([VARIANTS.country.id, VARIANTS.partner.id]).toEqual([3, 4]);
  });

  spec("s9.cookie-durations", () => {
    const durations = entries.map((e) => e.duration);
    expect(durations).toContainEqual({ kind: "session" });
    expect(durations).toContainEqual({ kind: "never" });
    expect(durations).toContainEqual({ kind: "period", years: 1 });
    expect(COOKIE_CATALOGUE.tracking.find((e) => e.purpose === "analytics")?.duration).toEqual({ kind: "period", years: 1, months: 1, days: 4 });
  });

  spec("s9.disclosure", () => {
    const purposes = new Set(entries.map((e) => e.purpose));
    for (const p of ["payment", "authentication", "colorScheme", "chatbot", "profileHistory", "analytics"] as const) expect(purposes.has(p), p).toBe(true);
    for (const c of COOKIE_CATEGORIES) expect(COOKIE_CATALOGUE[c].length, c).toBeGreaterThan(0);
  });

  spec("s9.data-years", () => {
    // Back to ten years before, and twenty years back: from the catalogue, within one dataset and release.
    expect(COMPARISON_YEARS_BACK).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20]);
    const entry = (year: number, vintage = "ots_trd") => catalogEntry({ dataset: "ots_sections", year, vintage, depth: "section", bilateral: true });
    const entries = [2003, 2008, 2013, 2017, 2018, 2023].map((y) => entry(y)).concat(entry(2022, "other_release"));
    expect(comparisonChoices(entries, { depth: "section", bilateral: true }, 2023).map((c) => c.yearsBack)).toEqual([5, 6, 10, 15, 20].filter((n) => COMPARISON_YEARS_BACK.includes(n)));
    expect(source("src/features/profiles/country/CountryProfile.tsx")).toContain("<ExportsComparison member={{ kind, id }} year={year} locale={locale} />");
    for (const l of LOCALE_LIST) expect(message(l, "profiles.comparison.item")).toContain("{years");
    expect(message("en", "profiles.comparison.item")).toContain("compared with {years, plural, one {# year} other {# years}} earlier");
  });

  spec("s9.brazil", () => {
    expect(SUBNATIONAL_COUNTRIES.find((c) => c.code === "bra")?.limit).toBe(7000);
    const levels = ALL_SUBNATIONAL_COUNTRIES.flatMap((c) => [...c.geoLevels]);
    expect(levels.filter((l) => !l.extraMapConfig?.projection).every((l) => mapConfigOf(l).projection === "miller")).toBe(true);
  });

  spec("s9.palettes", () => {
    expect(UNKNOWN_COLOR).toBe("#b1bac6");
    expect(SEQUENTIAL[5]).toHaveLength(5);
    expect(SEQUENTIAL[7]).toHaveLength(7);
    expect(DIVERGENT[5]).toHaveLength(5);
    expect(DIVERGENT[7]).toHaveLength(7);
    expect(Object.keys(DIMENSION_PALETTES)).toEqual(expect.arrayContaining(["Section", "HS2", "HS4", "HS6", "Continent", "Country", "Trade Flow"]));
  });

  spec("s9.fonts", () => {
    expect(FONT_SIZE).toEqual({ label: 16, shapeLabel: 14, title: 20 });
    expect(LEGEND_ICON).toEqual({ width: 18, height: 18 });
    expect(TOOLTIP_TITLE).toEqual({ maxLines: 4, maxHeight: 100 });
  });

  spec("s9.tooltip", () => {
    expect([...TOOLTIP_ROW_ORDER]).toEqual(["rca", "relatedness", "marketShare", "delta", "tradeValue", "growth", "percent", "period"]);
    const rows = tooltipRows({ period: 201807, tradeValue: 1234567, growth: 0.05, rca: 1.5 }, labels, "en");
    expect(rows.map((r) => r.key)).toEqual(["rca", "tradeValue", "growth", "period"]);
    expect(rows.find((r) => r.key === "tradeValue")?.value).toBe("$1,234,567");
    expect(rows.find((r) => r.key === "growth")?.value).toBe("+5%");
    expect(rows.find((r) => r.key === "period")).toMatchObject({ label: "Month", value: "2018-07" });
    expect(tooltipRows({ period: 2018 }, labels, "en")[0]).toMatchObject({ label: "Year", value: "2018" });
  });

  spec("s9.loading-text", () => {
    expect(message("en", "common.loading")).toBe("Loading");
    expect(message("es", "common.loading")).toBe("Cargando");
    expect(message("zh", "common.loading")).toBe("加载中");
  });

  spec("s9.numbers", () => {
    expect(formatUsd(1234567, "en")).toBe("$1,234,567");
    expect(formatUsd(123456789, "en", { cents: true })).toBe("$1,234,568");
    expect(formatPercent(0.253, "en")).toBe("25.3%");
    expect(formatPercent(0.25, "en")).toBe("25%");
    expect(formatPercent(0.2501, "en")).toBe("25%");
  });

  spec("s9.periods", () => {
    expect([formatPeriod(2018), formatPeriod(20183), formatPeriod(201807)]).toEqual(["2018", "2018-Q3", "2018-07"]);
  });

  spec("s9.ignored-ids", () => {
    const withIgnored = ALL_SUBNATIONAL_COUNTRIES.flatMap((c) => c.geoLevels.filter((l) => l.ignoreIdsList?.length || Object.keys(l.ignoreIdsMap ?? {}).length).map((l) => `${c.code}/${l.slug}`));
    expect(withIgnored.length).toBeGreaterThan(0);
  });

  spec("s9.customs-codes", () => {
    // Internal ids prefix the HS code with its section ("52601" is HS4 2601 in section 5); the code is the tail.
    expect(tileCode("52601", "hs4")).toBe("2601");
    expect(tileCode("1601", "hs2")).toBe("01");
    expect(tileCode("21970600", "hs6")).toBe("970600");
  });

  spec("s9.locales", () => {
    expect([...LOCALES]).toEqual(["en", "es", "zh"]);
    expect(DEFAULT_LOCALE).toBe("en");
  });
});
