/**
 * The plan of the visitor asking, for the front door's per-plan cache key (door.ts): read the way
 * the bulk files read the requester's role (server/bulk/files.ts): the session cookie decrypted
 * and verified with the auth secret, then the user's row (deleted user, ended session, current
 * role). No session cookie costs nothing: "anonymous" at once. The door asks only for pages and
 * answers that vary by plan. Loaded by scripts/serve.ts once Next.js is prepared (the session
 * modules need its request storage).
 */
import "server-only";
import type { IncomingMessage } from "node:http";
import { renderPlanOf, type RenderPlan } from "@/domain/billing/renderPlan";
import { cookieJar } from "@/server/auth/cookieJar";
import { sessionFromToken, sessionTokenFrom } from "@/server/auth/session";

export async function sessionPlan(req: Pick<IncomingMessage, "headers">): Promise<RenderPlan> {
  const token = sessionTokenFrom(cookieJar(req.headers.cookie));
  if (!token) return "anonymous";
  const session = await sessionFromToken(token);
  return renderPlanOf(session ? session.row : null);
}
