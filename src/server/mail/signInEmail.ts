/**
 * The sign-in link email, in the language of the page the visitor signed in from. An address with
 * no account gets an email saying so (with a link to sign up) instead of a link, so the sign-in
 * form itself never reveals which addresses are registered.
 */
import "server-only";
import { createTranslator } from "use-intl/core";
import { safeRedirectPath } from "@/domain/auth/redirect";
import { DEFAULT_LOCALE, splitLocale, type Locale } from "@/domain/i18n/locales";
import { loadMessages } from "@/i18n/messages";
import type { MailMessage } from "./mailer";

/** The locale of the callbackUrl a sign-in link carries (where the visitor will land). */
export function localeOfSignInUrl(url: string, origin: string): Locale {
  try {
    const callback = new URL(url).searchParams.get("callbackUrl");
    const path = safeRedirectPath(callback, origin);
    return (path && splitLocale(path.split(/[?#]/)[0]).locale) || DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function paragraphs(lines: string[]): string {
  return lines.map((line) => `<p style="margin:0 0 16px;font:16px/1.5 Arial,sans-serif;color:#1f2933">${escapeHtml(line)}</p>`).join("");
}

/** A plain, table-free email body: what comes before the button, the button, what comes after. */
function layout(before: string[], button: { href: string; label: string }, after: string[]): string {
  const action = `<p style="margin:24px 0"><a href="${escapeHtml(button.href)}" style="display:inline-block;padding:12px 20px;background:#1c7ed6;color:#ffffff;border-radius:6px;font:600 16px Arial,sans-serif;text-decoration:none">${escapeHtml(button.label)}</a></p>`;
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f6f8"><div style="max-width:560px;margin:auto;padding:24px;background:#ffffff;border-radius:8px">${paragraphs(before)}${action}${paragraphs(after)}</div></body></html>`;
}

export async function buildSignInEmail(options: {
  to: string;
  url: string;
  origin: string;
  registered: boolean;
  minutes: number;
}): Promise<MailMessage> {
  const locale = localeOfSignInUrl(options.url, options.origin);
  const messages = await loadMessages(locale);
  const t = createTranslator({ locale, messages, namespace: "authEmail" });
  const site = messages.common.siteName;
  if (options.registered) {
    const lines = [t("greeting"), t("linkIntro", { site }), t("expiry", { minutes: options.minutes }), t("ignore")];
    return {
      to: options.to,
      subject: t("subject", { site }),
      text: [lines[0], lines[1], options.url, lines[2], lines[3]].join("\n\n"),
      html: layout(lines.slice(0, 2), { href: options.url, label: t("button") }, lines.slice(2)),
    };
  }
  const signupUrl = `${options.origin}/${locale}/signup`;
  const lines = [t("greeting"), t("noAccount", { site }), t("noAccountSignup"), t("ignore")];
  return {
    to: options.to,
    subject: t("noAccountSubject", { site }),
    text: [lines[0], lines[1], lines[2], signupUrl, lines[3]].join("\n\n"),
    html: layout(lines.slice(0, 3), { href: signupUrl, label: t("signupButton") }, lines.slice(3)),
  };
}
