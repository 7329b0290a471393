/**
 * POST /api/account/keys (create: { name }) and POST /api/account/keys/revoke ({ id }): the
 * account page's API-key forms. Same-origin, CSRF-checked, per-user limited like every account change.
 */
import "server-only";
import { z } from "zod";
import { readProtectedPost, requireApiSession } from "@/server/auth/guard";
import { limiters } from "@/server/auth/rateLimits";
import { jsonError, tooManyRequests } from "@/server/http/jsonError";
import { createApiKey, KEY_NAME_MAX, MAX_KEYS_PER_USER, normaliseKeyName, revokeApiKey, TooManyKeysError } from "./keys";

const createSchema = z.object({
  name: z.string().max(KEY_NAME_MAX * 4).transform((value, ctx) => {
    const name = normaliseKeyName(value);
    if (!name) {
      ctx.addIssue({ code: "custom", message: "invalidKeyName" });
      return z.NEVER;
    }
    return name;
  }),
});
const revokeSchema = z.object({ id: z.uuid() });


export async function handleCreateKey(request: Request): Promise<Response> {
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const input = await readProtectedPost(request, createSchema, 4 * 1024);
  if (!input.ok) return input.response;
  const hit = await limiters().account.hit(auth.session.row.id);
  if (!hit.allowed) return tooManyRequests(hit.retryAfterSeconds);
  try {
    const { key, summary } = await createApiKey(auth.session.row.id, input.data.name);
    return Response.json({ key, apiKey: summary }, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof TooManyKeysError) return jsonError(409, "too_many_keys", `You have ${MAX_KEYS_PER_USER} keys; revoke one first.`);
    throw error;
  }
}

export async function handleRevokeKey(request: Request): Promise<Response> {
  const auth = await requireApiSession();
  if (!auth.ok) return auth.response;
  const input = await readProtectedPost(request, revokeSchema, 4 * 1024);
  if (!input.ok) return input.response;
  if (!(await revokeApiKey(auth.session.row.id, input.data.id))) return jsonError(404, "key_not_found", "No active key of yours has this id.");
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
