import type { MantineColorScheme, MantineColorSchemeManager } from "@mantine/core";
import { COLOR_SCHEME_COOKIE } from "@/domain/consent/storageKeys";

/**
 * The colour scheme lives in a cookie (not localStorage) so the server renders the remembered
 * scheme directly: no flash of the wrong scheme, and no script needed before paint.
 */
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export type ResolvedScheme = "light" | "dark";

export function parseColorScheme(value: string | undefined | null): ResolvedScheme {
  return value === "dark" ? "dark" : "light";
}

function readCookie(): string | undefined {
  if (typeof document === "undefined") return undefined;
  const match = document.cookie.split("; ").find((c) => c.startsWith(`${COLOR_SCHEME_COOKIE}=`));
  return match?.slice(COLOR_SCHEME_COOKIE.length + 1);
}

export function cookieColorSchemeManager(): MantineColorSchemeManager {
  return {
    get: (defaultValue: MantineColorScheme) => {
      const value = readCookie();
      return value === "light" || value === "dark" ? value : defaultValue;
    },
    set: (value: MantineColorScheme) => {
      if (typeof document === "undefined") return;
      const secure = window.location.protocol === "https:" ? "; secure" : "";
      document.cookie = `${COLOR_SCHEME_COOKIE}=${value}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax${secure}`;
    },
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {
      if (typeof document === "undefined") return;
      document.cookie = `${COLOR_SCHEME_COOKIE}=; path=/; max-age=0; samesite=lax`;
    },
  };
}
