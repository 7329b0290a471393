/**
 * The account API behind the forms: sign up, rename, change password, delete the account, and
 * bulk role changes. Route files only call these. A sign-up may carry an `Idempotency-Key`
 * (db/idempotency.ts): retried, it creates one account and answers as the first did.
 */
import "server-only";
import { NextResponse } from "next/server";
import { canManageBulkAccess } from "@/domain/auth/roles";
import {
  bulkAccessSchema,
  deleteAccountSchema,
  nameChangeSchema,
  normaliseEmail,
  parseEmailList,
  passwordChangeSchema,
  passwordProblems,
  signupSchema,
} from "@/domain/auth/validation";
import { jsonError, jsonErrorWith, tooManyRequests } from "@/server/http/jsonError";
import { clientKey } from "@/server/http/rateLimit";
import { readProtectedPost, requireApiSession } from "./guard";
import { hashPassword, verifyPassword } from "./password";
import { limiters } from "./rateLimits";
import { sessionCookie, sessionCookieName, type ServerSession } from "./session";
import { toSessionUser } from "./options";
import { createUser, deleteUser, DuplicateEmailError, setPasswordHash, setRoles, updateName } from "./users";
import { secureCookies } from "@/server/origin";
import { fingerprintOf, hashedScope, idempotent, readIdempotencyKey, replayed, type Answer } from "@/server/db/idempotency";
import { whileDatabaseAnswers } from "@/server/db/unavailable";

/** After signing in by email link, a new password may be set without the old one for this long. */
export const PASSWORD_RESET_WINDOW_MS = 15 * 60_000;


async function signup(request: Request): Promise<Response> {
  const idempotency = readIdempotencyKey(request.headers);
  if (!idempotency.ok) return idempotency.response;
  const hit = await limiters().signup.hit(clientKey(request.headers));
  if (!hit.allowed) return tooManyRequests(hit.retryAfterSeconds);
  const input = await readProtectedPost(request, signupSchema);
  if (!input.ok) return input.response;
  const { name, email, password, isAcademic } = input.data;
  // A retry of a sign-up that landed (its answer lost to a 502 or a timeout) gets that answer
  // again, before any limit counts it or a password is hashed. The password is not part of the
  // fingerprint (nothing derived from it is stored beside the key).
  const ask = idempotency.key ? { scope: hashedScope("signup", email), key: idempotency.key, fingerprint: fingerprintOf({ name, email, isAcademic }) } : null;
  if (ask) {
    const again = await replayed(ask);
    if (again) return again;
  }
  const perEmail = await limiters().signupEmail.hit(email);
  if (!perEmail.allowed) return tooManyRequests(perEmail.retryAfterSeconds);
  const passwordHash = await hashPassword(password);
  const create = async (): Promise<Answer> => {
    await createUser({ name, email, passwordHash, isAcademic });
    return { status: 201, body: { ok: true } };
  };
  try {
    if (ask) return await idempotent(ask, create);
    const done = await create();
    return Response.json(done.body, { status: done.status });
  } catch (error) {
    if (error instanceof DuplicateEmailError) {
      return jsonError(409, "email_taken", "An account with this email already exists. Sign in instead.");
    }
    throw error;
  }
}

/**
 * The account routes need the app database: while it cannot be reached they answer 503 with
 * Retry-After and the JSON error body (nothing was changed), never an empty 500.
 */
export const handleSignup = (request: Request) => whileDatabaseAnswers("POST /api/account/signup", () => signup(request));
export const handleNameChange = (request: Request) => whileDatabaseAnswers("POST /api/account/name", () => nameChange(request));
export const handlePasswordChange = (request: Request) => whileDatabaseAnswers("POST /api/account/password", () => passwordChange(request));
export const handleDeleteAccount = (request: Request) => whileDatabaseAnswers("POST /api/account/delete", () => deleteAccount(request));
export const handleBulkAccess = (request: Request) => whileDatabaseAnswers("POST /api/bulk-access", () => bulkAccess(request));

async function nameChange(request: Request): Promise<Response> {
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const input = await readProtectedPost(request, nameChangeSchema);
  if (!input.ok) return input.response;
  const row = await updateName(auth.session.row.id, input.data.name);
  if (!row) return jsonError(401, "unauthenticated", "Sign in first.");
  return Response.json({ user: toSessionUser(row) });
}

/** Whether this session must type the current password to change it or delete the account. */
export function needsCurrentPassword(session: Pick<ServerSession, "row" | "token">, now = Date.now()): boolean {
  if (!session.row.passwordHash) return false;
  const { am, at } = session.token;
  return !(am === "email" && typeof at === "number" && now - at < PASSWORD_RESET_WINDOW_MS);
}

async function checkPassword(session: ServerSession, password: string | undefined): Promise<Response | null> {
  const hit = await limiters().account.hit(session.row.id);
  if (!hit.allowed) return tooManyRequests(hit.retryAfterSeconds);
  if (!(await verifyPassword(session.row.passwordHash, password ?? ""))) {
    return jsonError(400, "wrong_password", "The current password is not correct.");
  }
  return null;
}

async function passwordChange(request: Request): Promise<Response> {
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const input = await readProtectedPost(request, passwordChangeSchema);
  if (!input.ok) return input.response;
  const { session } = auth;
  const problems = passwordProblems(input.data.newPassword, session.row.email);
  if (problems.length) {
    return jsonErrorWith(400, { code: "invalid", message: "The new password is too weak.", issues: problems.map((code) => ({ field: "newPassword", code })) });
  }
  if (needsCurrentPassword(session)) {
    const refused = await checkPassword(session, input.data.currentPassword);
    if (refused) return refused;
  }
  const row = await setPasswordHash(session.row.id, await hashPassword(input.data.newPassword));
  if (!row) return jsonError(401, "unauthenticated", "Sign in first.");
  // Other sessions end (their version is now old); this one gets a cookie with the new version.
  const cookie = await sessionCookie({ ...session.token, sv: row.sessionVersion, am: "password", at: Date.now() });
  const response = NextResponse.json({ ok: true });
  response.cookies.set(cookie.name, cookie.value, cookie.options);
  return response;
}

async function deleteAccount(request: Request): Promise<Response> {
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const input = await readProtectedPost(request, deleteAccountSchema);
  if (!input.ok) return input.response;
  const { session } = auth;
  if (needsCurrentPassword(session)) {
    const refused = await checkPassword(session, input.data.password);
    if (refused) return refused;
  } else if (normaliseEmail(input.data.confirmEmail) !== session.row.email) {
    return jsonError(400, "wrong_email", "Type your account's email address to confirm.");
  }
  await deleteUser(session.row.id);
  const response = NextResponse.json({ ok: true });
  response.cookies.set(sessionCookieName(secureCookies()), "", { httpOnly: true, sameSite: "lax", path: "/", secure: secureCookies(), maxAge: 0 });
  return response;
}

async function bulkAccess(request: Request): Promise<Response> {
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  if (!canManageBulkAccess(auth.session.row.role)) {
    return jsonError(403, "forbidden", "Only bulk-access managers may change roles.");
  }
  const input = await readProtectedPost(request, bulkAccessSchema);
  if (!input.ok) return input.response;
  const list = parseEmailList(input.data.emails);
  if (list.valid.length === 0) {
    return jsonErrorWith(400, { code: "no_emails", message: "No email addresses were found.", invalid: list.invalid });
  }
  const report = await setRoles(list.valid, input.data.role, { protectedId: auth.session.row.id });
  console.info(`[bulk-access] ${auth.session.row.id} set role ${input.data.role}: ${report.changed.length} changed, ${report.unchanged.length} unchanged, ${report.notFound.length} not found`);
  return Response.json({ role: input.data.role, ...report, invalid: list.invalid, truncated: list.truncated });
}
