/**
 * next-intl's request configuration (named in next.config.ts): the locale, its messages and what
 * a missing message does. App wiring, not part of src/i18n: it reads a server setting
 * (STRICT_MESSAGES), and src/i18n stays below src/server, whose mails and answers load messages.
 */
import { getRequestConfig } from "next-intl/server";
import { hasLocale } from "next-intl";
import { routing } from "@/i18n/routing";
import { settings } from "@/server/settings";
import { loadMessages } from "@/i18n/messages";

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: await loadMessages(locale),
    timeZone: "UTC",
    // A missing message is a bug: in production it shows its key rather than a 500; the end-to-end
    // server runs with STRICT_MESSAGES=1 so that any page using a missing message fails its test.
    onError(error) {
      console.error(`[i18n] ${error.message}`);
      if (settings().strictMessages) throw error;
    },
    getMessageFallback({ namespace, key }) {
      return namespace ? `${namespace}.${key}` : key;
    },
  };
});
