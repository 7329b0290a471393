import type { MetadataRoute } from "next";
import { getTranslations } from "next-intl/server";
import { DEFAULT_LOCALE } from "@/domain/i18n/locales";

/** /manifest.webmanifest: the site as an installable app (name, colours, icons), in the default language. */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const t = await getTranslations({ locale: DEFAULT_LOCALE, namespace: "common" });
  return {
    name: t("siteName"),
    short_name: t("manifestShortName"),
    description: t("tagline"),
    start_url: `/${DEFAULT_LOCALE}`,
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#0ca678",
    lang: DEFAULT_LOCALE,
    icons: [
      { src: "/icon.svg", type: "image/svg+xml", sizes: "any", purpose: "any" },
      { src: "/app-icon/192.png", type: "image/png", sizes: "192x192", purpose: "any" },
      { src: "/app-icon/512.png", type: "image/png", sizes: "512x512", purpose: "any" },
      { src: "/apple-touch-icon.png", type: "image/png", sizes: "180x180" },
    ],
  };
}
