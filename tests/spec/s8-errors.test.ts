/** Spec section 8: error catalogue. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect } from "vitest";
import { sessionRequiredPath } from "@/domain/auth/paths";
import { colorOrGrey, GENERIC_HS_ICON, memberIcon, memberName, UNKNOWN_COLOR, X_ICON } from "@/domain/charts/presentation";
import { tileMember } from "@/domain/explorer/tileMember";
import { SIGN_IN_ERROR_KEYS } from "@/features/account/errors";
import { SvgLoaderView } from "@/features/shell/SvgLoader";
import { LOCALE_LIST, message, source, spec } from "./support";

const nextAuthClient = () => source("node_modules/next-auth/react/index.js");
const view = (state: "loading" | "ok" | "failed", children?: string) =>
  renderToStaticMarkup(createElement(SvgLoaderView, { state, src: "/api/cms/member-image?member=country%3Achl&size=thumb", alt: "Chile" }, children === undefined ? undefined : createElement("b", null, children)));

describe("8. Error catalogue", () => {
  spec("s8.search-failures", () => {
    // The difference: failures say so, with a retry, in every language.
    for (const l of LOCALE_LIST) {
      expect(message(l, "explorer.searchFailed")).toBeTruthy();
      expect(message(l, "explorer.metadataFailed")).toBeTruthy();
      expect(message(l, "explorer.retry")).toBeTruthy();
    }
    expect(source("src/features/explorer/useExplorer.ts")).toContain("console.error(error);");
  });

  spec("s8.session-required", () => {
    expect(sessionRequiredPath("zh", "/zh/account")).toContain("error=SessionRequired");
    expect(SIGN_IN_ERROR_KEYS.SessionRequired).toBe("sessionRequired");
    for (const l of LOCALE_LIST) expect(message(l, "auth.errors.sessionRequired"), l).toBeTruthy();
  });

  spec("s8.client-session-error", () => {
    expect(nextAuthClient()).toContain('logger.error("CLIENT_SESSION_ERROR"');
  });

  spec("s8.signin-error", () => {
    expect(nextAuthClient()).toContain('searchParams.get("error")');
    expect(Object.keys(SIGN_IN_ERROR_KEYS)).toEqual(expect.arrayContaining(["CredentialsSignin", "Verification", "SessionRequired"]));
  });

  spec("s8.error-page", () => {
    expect(message("en", "errorPage.title")).toBe("Oops, error. Sorry!");
    expect(source("src/features/shell/ErrorPage.tsx")).toContain('t("title")');
  });

  spec("s8.error-page-buttons", () => {
    expect(message("en", "errorPage.title")).toBe("Oops, error. Sorry!");
    for (const l of LOCALE_LIST) {
      for (const key of ["title", "text", "support", "tryAgain", "goHome", "messageLabel"]) expect(message(l, `errorPage.${key}`), `${l} ${key}`).toBeTruthy();
      expect(message(l, "errorPage.support")).toContain("{email}");
    }
    expect(message("en", "errorPage.tryAgain")).toBe("Try again");
    expect(message("en", "errorPage.goHome")).toBe("Go to home");
    const page = source("src/features/shell/ErrorPage.tsx");
    expect(page).toContain("email: SUPPORT_EMAIL");
    expect(source("src/features/shell/ErrorBoundary.tsx")).toContain("reportClientError(error, info.componentStack)");
  });

  spec("s8.image-errors", () => {
    // Tiles draw the member's dimension icon where the picture fails, with the member's name as its alt text.
    const member = tileMember({ id: "country:zzz", name: "Nowhere", metadata: { id: 3, dimension: { id: 1, name: "Geography" }, variant: { id: 3, name: "Country" } } }, "country", "/x");
    expect(member.fallbackImage).toMatch(/^data:image\/svg\+xml/);
    expect(source("src/features/explorer/ResultTile.tsx")).toContain("<img src={member.fallbackImage} alt={member.name}");
    expect(view("ok")).toContain('alt="Chile"');
  });

  spec("s8.svg-failure", () => {
    expect(view("failed", "fallback")).toBe("<b>fallback</b>");
    expect(view("failed")).toBe("");
    expect(view("ok", "fallback")).toMatch(/^<img src="\/api\/cms\/member-image\?member=country%3Achl&amp;size=thumb" alt="Chile"/);
    expect(view("loading", "fallback")).not.toContain("fallback");
  });

  spec("s8.grey", () => {
    expect(UNKNOWN_COLOR).toBe("#b1bac6");
    expect(colorOrGrey(undefined)).toBe("#b1bac6");
    expect(colorOrGrey("not a colour")).toBe("#b1bac6");
  });

  spec("s8.missing-icon", () => {
    expect(memberIcon("hs4", null)).toBe(GENERIC_HS_ICON);
    expect(memberIcon("section", "5", false)).toBe(GENERIC_HS_ICON);
    expect(memberIcon("country", "../x")).toBe(X_ICON);
    expect(memberIcon("other", "x")).toBe(X_ICON);
  });

  spec("s8.missing-value", () => {
    const fallbacks = { unspecifiedTerritories: "Unspecified Territories", multipleItems: "Multiple Items", otherValues: "Other values" } as const;
    expect(memberName(null, "Country", fallbacks)).toBe("Unspecified Territories");
    expect(memberName("", "HS4", fallbacks, { several: true })).toBe("Multiple Items");
    expect(memberName(" ", "Service", fallbacks)).toBe("Other values");
    for (const [key, text] of Object.entries(fallbacks)) {
      expect(message("en", `charts.fallback.${key}`)).toBe(text);
      for (const l of LOCALE_LIST) expect(message(l, `charts.fallback.${key}`)).toBeTruthy();
    }
  });
});
