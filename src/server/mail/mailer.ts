/**
 * Outgoing email over SMTP (SMTP_URL, e.g. smtps://user:pass@mail.example:465). Without SMTP_URL
 * nothing is sent: the message, sign-in links included, goes to the server log instead, which is
 * what development and a fresh `npm start` need.
 */
import "server-only";
import { createTransport, type Transporter } from "nodemailer";
import { authOrigin } from "@/server/origin";
import { settings, type Env } from "@/server/settings";
import { keyedValue } from "@/server/processState";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** One transport per mail server URL, shared by every bundle (processState). */
function transporterFor(url: string): Transporter {
  // Short timeouts: a sign-in request waits for this, and a dead mail server must not hang it.
  return keyedValue("mail/mailer:transport", url, () => createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }));
}

export function mailFrom(env?: Env): string {
  return settings(env).emailFrom || `Open Trade Observatory <no-reply@${authOrigin(env).hostname}>`;
}

export async function sendMail(message: MailMessage): Promise<"sent" | "logged"> {
  const url = settings().smtpUrl;
  if (!url) {
    console.info(`[mail] SMTP_URL is not set, so this email was written here instead of sent.\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n[mail] end of email`);
    return "logged";
  }
  const result = await transporterFor(url).sendMail({ from: mailFrom(), ...message });
  const failed = [...(result.rejected ?? []), ...(result.pending ?? [])].filter(Boolean);
  if (failed.length) throw new Error(`The mail server refused the message for ${failed.length} recipient(s).`);
  return "sent";
}
