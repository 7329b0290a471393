import type { Messages } from "./messages";

/**
 * The message namespaces client components use (useTranslations). Only these travel to the
 * browser with every page; the rest (long page texts, methods, profiles' prose) stay on the server.
 * A unit test checks that every useTranslations namespace in src is covered.
 */
export const CLIENT_NAMESPACES = [
  "account",
  "auth",
  "banner",
  "bulk.gate",
  "bulkAccess",
  "charts",
  "common",
  "consent",
  "errorPage",
  "explorer",
  "history",
  "nav",
  "profileChart",
  "rankings.table",
  "subnational.explore",
  "testError",
  "visualize",
] as const;

/** The subset of messages named by CLIENT_NAMESPACES ("a.b" keeps only that branch of "a"). */
export function clientMessages(messages: Messages): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of CLIENT_NAMESPACES) {
    const parts = path.split(".");
    let source: unknown = messages;
    for (const part of parts) source = (source as Record<string, unknown> | undefined)?.[part];
    if (source === undefined) continue;
    let target = out;
    parts.slice(0, -1).forEach((part) => {
      target = (target[part] ??= {}) as Record<string, unknown>;
    });
    target[parts[parts.length - 1]] = source;
  }
  return out;
}

/**
 * Namespaces only some pages need in the browser (the games): those pages send them through a
 * NextIntlClientProvider of their own (pageMessages), so other pages do not carry them.
 */
export const PAGE_NAMESPACES = ["games", "chat", "trends", "queryBuilder", "tariff", "subnational", "notFound"] as const;

/** The client messages plus some page namespaces. */
export function pageMessages(messages: Messages, namespaces: readonly (typeof PAGE_NAMESPACES)[number][]): Record<string, unknown> {
  const out = clientMessages(messages);
  for (const namespace of namespaces) out[namespace] = (messages as Record<string, unknown>)[namespace];
  return out;
}
