/**
 * Reading the session on the server. Sessions are JWTs in an HttpOnly cookie; a token counts only
 * while its user exists and its session version matches (a password change ends other sessions).
 */
import "server-only";
import { decode, encode, type JWT } from "next-auth/jwt";
import { cookies } from "next/headers";
import { cache } from "react";
import { redirect } from "next/navigation";
import { sessionRequiredPath } from "@/domain/auth/paths";
import type { SessionUser } from "@/domain/auth/user";
import type { Locale } from "@/domain/i18n/locales";
import type { UserRow } from "@/server/db/schema";
import { secureCookies } from "@/server/origin";
import { SESSION_MAX_AGE_SECONDS, toSessionUser } from "./options";
import { authSecret } from "./secret";
import { findUserById } from "./users";
import { isDatabaseUnavailable } from "@/server/db/unavailable";

export interface ServerSession {
  user: SessionUser;
  row: UserRow;
  token: JWT;
  /** ISO time the session cookie expires, as next-auth's session object carries it. */
  expires: string;
}

export function sessionCookieName(secure = secureCookies()): string {
  return `${secure ? "__Secure-" : ""}next-auth.session-token`;
}

/** The session token from a cookie jar, joining next-auth's chunks (name.0, name.1...) if it split one. */
export function sessionTokenFrom(jar: Map<string, string>, name = sessionCookieName()): string | undefined {
  const whole = jar.get(name);
  if (whole) return whole;
  const chunks = [...jar.entries()]
    .filter(([key]) => key.startsWith(`${name}.`))
    .sort(([a], [b]) => Number(a.slice(name.length + 1)) - Number(b.slice(name.length + 1)));
  return chunks.length ? chunks.map(([, value]) => value).join("") : undefined;
}

export async function sessionFromToken(raw: string | undefined): Promise<ServerSession | null> {
  if (!raw) return null;
  let token: JWT | null;
  try {
    token = await decode({ token: raw, secret: authSecret() });
  } catch {
    return null;
  }
  if (!token?.sub) return null;
  const row = await findUserById(token.sub);
  if (!row || row.sessionVersion !== token.sv) return null;
  const exp = typeof token.exp === "number" ? token.exp * 1000 : Date.now();
  return { user: toSessionUser(row), row, token, expires: new Date(exp).toISOString() };
}

/**
 * The signed-in user of a token for reads that must go on while the app database is away (a
 * bulk download's role, say): the user's row when it can be read, else the token's last known
 * user (as GET /api/auth/session answers meanwhile). Null for no session, an ended one, or a
 * token that never carried a user. Writes use sessionFromToken, which needs the row.
 */
export async function sessionUserFromToken(raw: string | undefined, findUser: (id: string) => Promise<UserRow | undefined> = (id) => findUserById(id)): Promise<SessionUser | null> {
  if (!raw) return null;
  let token: JWT | null;
  try {
    token = await decode({ token: raw, secret: authSecret() });
  } catch {
    return null;
  }
  if (!token?.sub) return null;
  try {
    const row = await findUser(token.sub);
    return row && row.sessionVersion === token.sv ? toSessionUser(row) : null;
  } catch (error) {
    if (isDatabaseUnavailable(error) && token.u) return token.u;
    throw error;
  }
}

/** The user of the request's session cookie (sessionUserFromToken): for reads that work during a database outage. */
export async function currentSessionUser(): Promise<SessionUser | null> {
  const jar = new Map((await cookies()).getAll().map((cookie) => [cookie.name, cookie.value] as const));
  return sessionUserFromToken(sessionTokenFrom(jar));
}

/**
 * The session of the request being rendered (server components, route handlers): read once per
 * render (React's request cache), however many components ask (the layout, a PRO gate...).
 */
export const currentSession = cache(async (): Promise<ServerSession | null> => {
  const jar = new Map((await cookies()).getAll().map((cookie) => [cookie.name, cookie.value] as const));
  return sessionFromToken(sessionTokenFrom(jar));
});

/** For pages that need a session: the visitor without one is sent to sign in, then back here. */
export async function requireSession(locale: Locale, pathWithQuery: string): Promise<ServerSession> {
  const session = await currentSession();
  if (!session) redirect(sessionRequiredPath(locale, pathWithQuery));
  return session;
}

/** A fresh session cookie for `token` (after a password change keeps this session alive). */
export async function sessionCookie(token: JWT): Promise<{ name: string; value: string; options: Record<string, unknown> }> {
  const secure = secureCookies();
  const value = await encode({ token, secret: authSecret(), maxAge: SESSION_MAX_AGE_SECONDS });
  return {
    name: sessionCookieName(secure),
    value,
    options: { httpOnly: true, sameSite: "lax", path: "/", secure, maxAge: SESSION_MAX_AGE_SECONDS },
  };
}
