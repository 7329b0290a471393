import type { SessionUser } from "@/domain/auth/user";

declare module "next-auth" {
  interface Session {
    user: SessionUser;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    /** The user's session version when this session began; a newer one (password change) ends it. */
    sv?: number;
    /** How this session began: "password" or "email" (a sign-in link). */
    am?: "password" | "email";
    /** When this session began (ms since the epoch). */
    at?: number;
    /** The user as of the last refresh. */
    u?: SessionUser;
  }
}
