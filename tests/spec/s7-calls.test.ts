/** Spec section 7: calls. */
import { describe, expect } from "vitest";
import { parseConsent } from "@/domain/consent/consent";
import { ICON_SETS, memberIconSvg } from "@/domain/memberIcons";
import { searchUrl } from "@/features/explorer/api";
import { memberImageUrl } from "@/features/explorer/images";
import { buildErrorReport } from "@/features/shell/errorReport";
import nextConfig from "../../next.config";
import { exists, LOCALE_LIST, messages, route, source, spec } from "./support";

describe("7. Calls", () => {
  spec("s7.metadata", () => {
    expect(route("api/cms/read/metadata/route.ts")).toBe(true);
    expect(source("src/features/explorer/api.ts")).toContain("fetch(`/api/cms/read/metadata");
  });

  spec("s7.search", () => {
    const url = new URL(searchUrl({ query: "chile", locale: "es", limit: 10, offset: 20, report: 1, variant: "7,3" }), "http://x");
    expect(url.pathname).toBe("/api/cms/search/reports");
    const p = url.searchParams;
    expect(Object.fromEntries([...p.keys()].filter((k) => !k.endsWith("[]")).map((k) => [k, p.get(k)]))).toEqual({
      query: "chile",
      format: "profiles",
      locale: "es",
      limit: "10",
      offset: "20",
      visible: "true",
      includes: "true",
      noImage: "false",
      all: "false",
      origin: "typesense",
    });
    expect(p.getAll("variant[]")).toEqual(["7", "3"]);
    expect(p.getAll("report[]")).toEqual(["1"]);
    expect(p.getAll("dimension[]")).toEqual([]);
    const none = new URL(searchUrl({ query: "", locale: "en", limit: 12, offset: 0, report: null, variant: null }), "http://x").searchParams;
    expect(none.getAll("report[]")).toEqual([]);
    expect(route("api/cms/search/reports/route.ts")).toBe(true);
  });

  spec("s7.member-image", () => {
    expect(memberImageUrl({ id: "section:5", name: "", metadata: { id: 7, dimension: { id: 3, name: "" }, variant: { id: 7, name: "" } } })).toBe("/api/cms/member-image?member=section%3A5&size=thumb");
    expect(route("api/cms/member-image/route.ts")).toBe(true);
  });

  spec("s7.auth", () => {
    expect(route("api/auth/[...nextauth]/route.ts")).toBe(true);
    const client = source("node_modules/next-auth/react/index.js");
    for (const path of ['"session"', '"csrf"', '"providers"']) expect(client).toContain(path);
  });

  spec("s7.auth-posts", () => {
    const client = source("node_modules/next-auth/react/index.js");
    // POST session (update): csrfToken and data.
    expect(client).toMatch(/csrfToken: _context2\.t3,\s*data: _context2\.t4/);
    // Sign-in: callback/{provider} for credentials, signin/{provider} otherwise, with csrfToken, callbackUrl, json=true.
    expect(client).toContain('signInUrl = "".concat(baseUrl, "/").concat(isCredentials ? "callback" : "signin", "/").concat(provider);');
    expect(client.match(/json: true/g)?.length).toBeGreaterThanOrEqual(2);
    expect(client).toContain('"".concat(baseUrl, "/signout")');
  });

  spec("s7.log", () => {
    const handler = source("src/server/auth/routeHandler.ts");
    expect(handler).toContain('action === "_log"');
    expect(handler).toMatch(/form\.level/);
    expect(handler).toMatch(/form\.code/);
  });

  spec("s7.consent", () => {
    expect(route("api/consent/route.ts")).toBe(true);
    expect(parseConsent({ checked: true, functional: true, tracking: false })).not.toBeNull();
    expect(source("src/server/auth/consentApi.ts")).toMatch(/consent/);
  });

  spec("s7.alerts", () => {
    const report = buildErrorReport({
      pageUrl: "https://x/en/blog",
      errorMessage: "boom",
      componentStack: "at Page",
      browser: { userAgent: "UA", platform: "Linux", language: "es", screen: "1920x1080", cookiesEnabled: true, online: false, vendor: "V" },
    });
    expect(Array.isArray(report.message)).toBe(true);
    const text = report.message.join("\n");
    for (const part of ["https://x/en/blog", "boom", "UA", "Linux", "language: es", "1920x1080", "cookies: enabled", "online: no", "vendor: V", "at Page"]) expect(text).toContain(part);
    expect(route("api/alerts/slack/route.ts")).toBe(true);
  });

  spec("s7.image", () => {
    expect(nextConfig.images?.qualities).toEqual([75]);
  });

  spec("s7.svg-fetch", () => {
    const loader = source("src/features/shell/SvgLoader.tsx");
    expect(loader).toContain("loadSvg(src, (input, init) => fetch(input, init), controller.signal)");
    expect(source("src/features/explorer/ResultTile.tsx")).toContain("<SvgLoader");
  });

  spec("s7.translations", () => {
    for (const l of LOCALE_LIST) {
      expect(exists(`messages/${l}.json`)).toBe(true);
      // Namespaces are top-level keys of the one file, the same in every language.
      expect(Object.keys(messages(l)).sort()).toEqual(Object.keys(messages("en")).sort());
    }
    expect(source("src/i18n/messages.ts")).toContain('import("../../messages/es.json")');
  });

  spec("s7.icons", () => {
    for (const set of ["country", "balance", "hs", "sitc", "egw", "cpf", "service", "cpc", "patent"] as const) {
      expect(ICON_SETS).toContain(set);
      const svg = memberIconSvg(set, "#336699");
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
      expect(svg).toContain('fill="#336699"');
    }
    // Each set is its own drawing.
    const drawings = new Set(ICON_SETS.map((set) => memberIconSvg(set, "#000")));
    expect(drawings.size).toBe(ICON_SETS.length);
    // A hostile colour never reaches the SVG.
    expect(memberIconSvg("hs", '"/><script>')).not.toContain("<script>");
  });
});
