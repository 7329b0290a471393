/**
 * next-auth v4 configuration: email-and-password sign-in (credentials) and sign-in links
 * (email), JWT sessions refreshed from the database on every read, our redirect rule, and
 * Secure/HttpOnly/SameSite=Lax cookies.
 */
import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import EmailProvider from "next-auth/providers/email";
import { safeRedirectPath } from "@/domain/auth/redirect";
import type { SessionUser } from "@/domain/auth/user";
import { normaliseEmail } from "@/domain/auth/validation";
import { sendMail } from "@/server/mail/mailer";
import { buildSignInEmail } from "@/server/mail/signInEmail";
import type { UserRow } from "@/server/db/schema";
import { describeCause, isDatabaseUnavailable } from "@/server/db/unavailable";
import type { JWT } from "next-auth/jwt";
import { pushLocalConsentAtSignIn } from "@/server/consent/store";
import { appAdapter } from "./adapter";
import { authOrigin, ensureNextAuthUrl, secureCookies } from "@/server/origin";
import { verifyPassword } from "./password";
import { authSecret } from "./secret";
import { endSessions, findUserByEmail, findUserById, markEmailVerified, toPublicUser } from "./users";
import { processValue } from "@/server/processState";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const SIGN_IN_LINK_MINUTES = 30;

/** Thrown from the jwt callback when the user is gone or changed their password: next-auth then clears the cookie. */
export class SessionEndedError extends Error {
  override name = "SessionEndedError";
}

export function toSessionUser(row: UserRow): SessionUser {
  const user: Partial<ReturnType<typeof toPublicUser>> = toPublicUser(row);
  delete user.hasPassword;
  return user as SessionUser;
}

async function authorizeWithPassword(credentials: Record<string, unknown> | undefined) {
  const email = normaliseEmail(credentials?.email);
  const password = typeof credentials?.password === "string" ? credentials.password : "";
  if (!email || password.length === 0 || password.length > 1024) {
    await verifyPassword(null, "");
    return null;
  }
  const row = await findUserByEmail(email);
  const ok = await verifyPassword(row?.passwordHash, password);
  if (!row || !ok) return null;
  return { id: row.id, email: row.email, name: row.name };
}

function logLine(level: "error" | "warn" | "debug", code: string, metadata?: unknown) {
  // What a browser sends to _log is untrusted: keep it on one bounded line.
  const error = metadata instanceof Error ? metadata : (metadata as { error?: unknown } | undefined)?.error;
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : metadata === undefined ? "" : JSON.stringify(metadata);
  const line = `[auth] ${level} ${String(code).slice(0, 64)}${detail ? ` ${String(detail).replace(/\s+/g, " ").slice(0, 500)}` : ""}`;
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
}

/** When the outage was last logged: once in ten seconds for the whole process (processState). */
const outageLog = processValue("auth/options:outageLog", () => ({ at: 0 }));

/**
 * Every session read checks the user's row: a deleted user or an older session version (password
 * changed, signed out) ends the session. While the app database cannot be reached, the session is
 * kept as the token last saw it (its user, role and consent) instead of ending: next-auth would
 * answer `{}` and delete the cookie, signing everyone out for good. Revocation still wins: the
 * first read once the database answers compares the version again.
 */
export async function refreshSessionToken(token: JWT, findUser: (id: string) => Promise<UserRow | undefined> = (id) => findUserById(id), now = Date.now()): Promise<JWT> {
  let row: UserRow | undefined;
  try {
    row = token.sub ? await findUser(token.sub) : undefined;
  } catch (error) {
    if (!token.u || !isDatabaseUnavailable(error)) throw error;
    if (now - outageLog.at > 10_000) {
      outageLog.at = now;
      console.warn(`[auth] the app database is unreachable: sessions are answered from their tokens until it returns (${describeCause(error)})`);
    }
    return token;
  }
  if (!row || row.sessionVersion !== token.sv) throw new SessionEndedError("Session ended");
  token.u = toSessionUser(row);
  token.name = row.name;
  token.email = row.email;
  delete token.picture;
  return token;
}

/** Built on first use (not at import), so `next build` never needs the secret; one for every bundle. */
export function authOptions(): NextAuthOptions {
  return processValue("auth/options:nextAuth", buildAuthOptions);
}

function buildAuthOptions(): NextAuthOptions {
  ensureNextAuthUrl();
  const secure = secureCookies();
  return {
    secret: authSecret(),
    useSecureCookies: secure,
    adapter: appAdapter(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login", error: "/login", verifyRequest: "/login?check=email" },
    providers: [
      CredentialsProvider({
        id: "credentials",
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        authorize: (credentials) => authorizeWithPassword(credentials),
      }),
      EmailProvider({
        from: undefined,
        maxAge: SIGN_IN_LINK_MINUTES * 60,
        normalizeIdentifier(identifier) {
          const email = normaliseEmail(identifier);
          if (!email) throw new Error("Invalid email address");
          return email;
        },
        async sendVerificationRequest({ identifier, url }) {
          const registered = Boolean(await findUserByEmail(identifier));
          const message = await buildSignInEmail({
            to: identifier,
            url,
            origin: authOrigin().origin,
            registered,
            minutes: SIGN_IN_LINK_MINUTES,
          });
          await sendMail(message);
        },
      }),
    ],
    callbacks: {
      async signIn({ user, account, email }) {
        if (account?.provider !== "email") return true;
        // Asking for a link always "works" (the email says whether there is an account); using
        // one needs an account, which the link for an unknown address never gives.
        if (email?.verificationRequest) return true;
        return Boolean(user.email && (await findUserByEmail(user.email)));
      },
      redirect({ url, baseUrl }) {
        const path = safeRedirectPath(url, baseUrl);
        return path ? `${baseUrl}${path}` : baseUrl;
      },
      async jwt({ token, user, account }) {
        if (user && account) {
          const row = await findUserById(user.id);
          if (!row) throw new SessionEndedError("No such user");
          token.sub = row.id;
          token.sv = row.sessionVersion;
          token.am = account.type === "email" ? "email" : "password";
          token.at = Date.now();
          if (account.type === "email") await markEmailVerified(row.id);
          await pushLocalConsentAtSignIn(row);
        }
        return refreshSessionToken(token);
      },
      session({ session, token }) {
        if (token.u) session.user = token.u;
        return session;
      },
    },
    events: {
      // Signing out ends the session on the server, not only in this browser: a copied cookie of
      // it (or of the user's other sessions) stops working at its next read. Signing out is
      // therefore "sign out everywhere"; per-device sign-out would need a session list.
      async signOut(message) {
        const sub = "token" in message ? message.token?.sub : undefined;
        if (sub) await endSessions(sub);
      },
    },
    logger: {
      error(code, metadata) {
        const cause = (metadata as { error?: unknown } | undefined)?.error ?? metadata;
        if (cause instanceof SessionEndedError || (cause as { name?: string } | undefined)?.name === "SessionEndedError") {
          console.info("[auth] a session ended (account deleted or password changed)");
          return;
        }
        logLine("error", code, metadata);
      },
      warn(code) {
        logLine("warn", code);
      },
      debug() {},
    },
  };
}
