import type { Locale } from "@/domain/i18n/locales";
import en from "../../messages/en.json";

export type Messages = typeof en;

/** Messages per locale; es and zh are loaded on demand so each request carries only its own. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  switch (locale) {
    case "es":
      return (await import("../../messages/es.json")).default as Messages;
    case "zh":
      return (await import("../../messages/zh.json")).default as Messages;
    default:
      return en;
  }
}
