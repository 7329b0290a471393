/**
 * next-intl's request configuration (named in next.config.ts): the locale, its messages and what
 * a missing message does. App wiring, not part of src/i18n: it reads a server setting
 * (STRICT_MESSAGES), and src/i18n stays below src/server, whose mails and answers load messages.
 */
import { getRequestConfig } from "next-intl/server";
import { hasLocale } from "next-intl";
import { _createCache } from "use-intl/core";
import { routing } from "@/i18n/routing";
import { settings } from "@/server/settings";
import { loadMessages } from "@/i18n/messages";

/**
 * One cache of parsed messages for the whole process, not one per request. next-intl makes a
 * fresh cache for every translator it creates, so every render parsed each message with
 * arguments again (IntlMessageFormat: parse, resolve the locale): about 5% of a profile render.
 * Entries are keyed by locale, message text and formats, so they are the same for every request
 * and bounded by the message catalogue. The translator takes it from the request config
 * (`_cache`, use-intl's own option; next-intl passes the config through to createTranslator).
 */
const messageCache = _createCache();

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: await loadMessages(locale),
    timeZone: "UTC",
    _cache: messageCache,
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
