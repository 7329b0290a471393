/** Spec section 5: validation rules. */
import { describe, expect } from "vitest";
import { formatCount } from "@/domain/explorer/counts";
import { tileMember } from "@/domain/explorer/tileMember";
import { parseReportId, parseVariantIds } from "@/domain/explorer/variants";
import { formatPeriod, isShownPeriod, parsePeriod, tileCode } from "@/domain/format";
import { acceptsSvgContentType, loadSvg, svgOutcome } from "@/domain/svgSource";
import { source, spec } from "./support";

const nextAuthClient = () => source("node_modules/next-auth/react/index.js");
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>';
const answer = (status: number, type: string | null, body: string) => async () => ({ status, headers: new Headers(type ? { "content-type": type } : {}), text: async () => body });

describe("5. Validation rules", () => {
  spec("s5.variant-filter", () => {
    expect(parseVariantIds("7,3")).toEqual([7, 3]);
    expect(parseVariantIds(" 9 , x, 10")).toEqual([9, 10]);
    expect(parseVariantIds(null)).toEqual([]);
  });

  spec("s5.report-id", () => {
    expect(parseReportId("3")).toBe(3);
    for (const bad of ["abc", "3.5", "", "-1", null, {}]) expect(parseReportId(bad)).toBeNull();
  });

  spec("s5.counts", () => {
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1k");
    expect(formatCount(1234)).toBe("1.2k");
    expect(formatCount(15000)).toBe("15k");
    expect(formatCount(2_500_000)).toBe("2.5M");
  });

  spec("s5.unknown-provider", () => {
    // next-auth 4's client, which the sign-in page calls.
    expect(nextAuthClient()).toMatch(/if \(!\(!provider \|\| !\(provider in providers\)\)\) \{[^}]*\}\s*window\.location\.href = "".concat\(baseUrl, "\/signin\?"\)\.concat\(new URLSearchParams\(\{\s*callbackUrl: callbackUrl/);
  });

  spec("s5.providers-failure", () => {
    expect(nextAuthClient()).toMatch(/if \(providers\) \{[^}]*\}\s*window\.location\.href = "".concat\(baseUrl, "\/error"\);/);
  });

  spec("s5.signin-error", () => {
    expect(nextAuthClient()).toContain('error = new URL(data.url).searchParams.get("error");');
  });

  spec("s5.svg-loader", async () => {
    expect(acceptsSvgContentType("image/svg+xml; charset=utf-8")).toBe(true);
    expect(acceptsSvgContentType("text/plain")).toBe(true);
    for (const bad of ["text/html", "image/png", "application/json", null]) expect(acceptsSvgContentType(bad)).toBe(false);
    expect(svgOutcome(200, "image/svg+xml", SVG)).toEqual({ ok: true });
    expect(svgOutcome(299, "text/plain", `<?xml version="1.0"?>\n${SVG}`)).toEqual({ ok: true });
    expect(svgOutcome(300, "image/svg+xml", SVG)).toEqual({ ok: false, reason: "not_found" });
    expect(svgOutcome(404, "image/svg+xml")).toEqual({ ok: false, reason: "not_found" });
    expect(svgOutcome(200, "text/html", SVG)).toEqual({ ok: false, reason: "content_type" });
    expect(svgOutcome(200, "text/plain", "<html>nope</html>")).toEqual({ ok: false, reason: "not_svg" });
    expect(await loadSvg("/a.svg", answer(200, "image/svg+xml", SVG))).toEqual({ ok: true });
    expect(await loadSvg("/a.svg", answer(301, "image/svg+xml", SVG))).toEqual({ ok: false, reason: "not_found" });
    expect(await loadSvg("/a.svg", answer(200, "text/html", SVG))).toEqual({ ok: false, reason: "content_type" });
    expect(await loadSvg("/a.svg", async () => Promise.reject(new TypeError("offline")))).toEqual({ ok: false, reason: "network" });
  });

  spec("s5.time-codes", () => {
    expect(parsePeriod(2018)).toEqual({ kind: "year", year: 2018 });
    expect(parsePeriod(20183)).toEqual({ kind: "quarter", year: 2018, quarter: 3 });
    expect(parsePeriod("201807")).toEqual({ kind: "month", year: 2018, month: 7 });
    expect(isShownPeriod(203011)).toBe(true);
    expect(isShownPeriod(203012)).toBe(false);
    expect(formatPeriod(203012)).toBe("");
  });

  spec("s5.tile-codes", () => {
    expect(tileCode("52601", "hs4")).toBe("2601");
    expect(tileCode("1010121", "hs6")).toBe("010121");
    expect(tileCode("526", "hs2")).toBe("26");
    const meta = (variant: number) => ({ id: variant, dimension: { id: 3, name: "Product" }, variant: { id: variant, name: "" } });
    expect(tileMember({ id: "hs2:526", name: "Ores", metadata: meta(8) }, "hs", "/i").subtitle).toBe("26");
    expect(tileMember({ id: "hs6:1010121", name: "Horses", metadata: meta(10) }, "hs", "/i").subtitle).toBe("010121");
    expect(tileMember({ id: "section:5", name: "Minerals", metadata: meta(7) }, "hs", "/i").subtitle).toBeNull();
  });
});
