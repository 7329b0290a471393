import { defineRouting } from "next-intl/routing";
import { DEFAULT_LOCALE, LOCALES } from "@/domain/i18n/locales";

export const routing = defineRouting({
  locales: [...LOCALES],
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: "always",
  // Language comes from the URL, then Accept-Language; no cookie, so nothing is stored before consent.
  localeCookie: false,
  alternateLinks: false,
});
