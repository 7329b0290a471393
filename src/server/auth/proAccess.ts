/**
 * Whether the visitor of the request being rendered may open a PRO page: decided on the server
 * from the session's role, read fresh from the app database (session.ts), so a role given by the
 * Stripe webhook or a bulk-access manager applies on the next request.
 */
import "server-only";
import { canOpenPro } from "@/domain/billing/proAccess";
import { currentSession } from "./session";

export interface ProAccess {
  signedIn: boolean;
  /** PRO, PREMIUM or the bulk-access manager. */
  allowed: boolean;
}

export async function proAccess(): Promise<ProAccess> {
  const session = await currentSession();
  return { signedIn: session !== null, allowed: canOpenPro(session?.user.role) };
}
