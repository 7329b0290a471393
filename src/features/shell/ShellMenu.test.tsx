import { MantineProvider } from "@mantine/core";
import { NextIntlClientProvider } from "next-intl";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import en from "@messages/en.json";
import { LanguageSelector } from "./LanguageSelector";
import { NAV_MENUS } from "./navigation";
import { NavMenus } from "./NavMenus";
import { ShellMenu, ShellMenuDivider, ShellMenuDropdown, ShellMenuItem, ShellMenuLabel, ShellMenuTrigger } from "./ShellMenu";
import { theme } from "./theme";

/** The server's HTML of a shell component (what crawlers, readers without JavaScript and hydration get). */
function html(element: ReactElement): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      <MantineProvider theme={theme}>{element}</MantineProvider>
    </NextIntlClientProvider>,
  );
}

/** Parses the first tag matching `pattern` into its attributes. */
function attributes(markup: string, pattern: RegExp): Record<string, string> {
  const tag = markup.match(pattern)?.[0];
  if (!tag) throw new Error(`no tag matches ${pattern}`);
  return Object.fromEntries([...tag.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].slice(1).map((m) => [m[1], m[2] ?? ""]));
}

describe("ShellMenu on the server", () => {
  const markup = html(
    <ShellMenu>
      <ShellMenuTrigger>
        <button type="button">Open</button>
      </ShellMenuTrigger>
      <ShellMenuDropdown position="end">
        <ShellMenuLabel data-testid="label">Heading</ShellMenuLabel>
        <ShellMenuItem component="a" href="/en/a" data-nav-link="a" rightSection={<b>NEW</b>}>
          A
        </ShellMenuItem>
        <ShellMenuDivider />
        <ShellMenuItem data-testid="b">B</ShellMenuItem>
      </ShellMenuDropdown>
    </ShellMenu>,
  );

  it("draws a menu button: closed, pointing at its menu", () => {
    const trigger = attributes(markup, /<button[^>]*aria-haspopup[^>]*>/);
    expect(trigger["aria-haspopup"]).toBe("menu");
    expect(trigger["aria-expanded"]).toBe("false");
    const menu = attributes(markup, /<div[^>]*role="menu"[^>]*>/);
    expect(trigger["aria-controls"]).toBe(menu.id);
    expect(menu["aria-labelledby"]).toBe(trigger.id);
    expect(trigger.id).not.toBe(menu.id);
  });

  it("renders the menu in place, hidden, with its items out of the tab order", () => {
    const menu = attributes(markup, /<div[^>]*role="menu"[^>]*>/);
    expect(menu).toHaveProperty("hidden");
    expect(menu["data-position"]).toBe("end");
    const link = attributes(markup, /<a[^>]*data-nav-link="a"[^>]*>/);
    expect(link).toMatchObject({ role: "menuitem", tabindex: "-1", href: "/en/a" });
    const button = attributes(markup, /<button[^>]*data-testid="b"[^>]*>/);
    expect(button).toMatchObject({ role: "menuitem", tabindex: "-1", type: "button" });
    expect(markup).toContain('role="separator"');
    expect(markup).toContain("<b>NEW</b>");
  });
});

describe("NavMenus on the server", () => {
  const markup = html(<NavMenus locale="es" />);

  it("holds every menu link, each inside a hidden menu", () => {
    const menus = [...markup.matchAll(/<div[^>]*role="menu"[^>]*>/g)].map((m) => m[0]);
    expect(menus).toHaveLength(NAV_MENUS.length);
    for (const menu of menus) expect(menu).toMatch(/\shidden(=""|\s|>)/);
    const internal = NAV_MENUS.flatMap((m) => m.items).filter((i) => i.href && !i.external);
    expect(internal.length).toBeGreaterThan(30);
    for (const item of internal) expect(markup, item.id).toContain(`href="/es${item.href}"`);
  });

  it("keeps the triggers and entries the e2e specs use", () => {
    for (const menu of NAV_MENUS) {
      const trigger = attributes(markup, new RegExp(`<button[^>]*data-menu="${menu.id}"[^>]*>`));
      expect(trigger["aria-haspopup"]).toBe("menu");
      for (const item of menu.items.filter((i) => i.explore)) expect(markup).toContain(`data-explore="${item.explore}"`);
    }
    expect(markup).toContain('data-testid="desktop-nav"');
    expect(markup).toContain('data-badge="PRO"');
  });
});

describe("LanguageSelector on the server", () => {
  it("lists every language as a menu item linking the same page", () => {
    const markup = html(<LanguageSelector locale="en" />);
    expect(attributes(markup, /<button[^>]*data-testid="language-selector"[^>]*>/)["aria-haspopup"]).toBe("menu");
    for (const [tag, name] of [["en", "English"], ["es", "Español"], ["zh-Hans", "中文"]]) {
      const item = attributes(markup, new RegExp(`<a[^>]*hreflang="${tag}"[^>]*>`, "i"));
      expect(item.role, name).toBe("menuitem");
    }
    expect(attributes(markup, /<a[^>]*aria-current="true"[^>]*>/).hrefLang).toBe("en");
  });
});
