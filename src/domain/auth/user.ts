/** The signed-in user as the session carries it (spec section 3: User). */
export interface SessionUser {
  id: string;
  name: string | null;
  email: string;
  /** 0 free, 1 PRO, 10 bulk-access manager. */
  role: number;
  isAcademic: boolean;
  sso_logo: string | null;
  bespoke_user_metadata: { consent?: { checked: boolean; functional: boolean; tracking: boolean } };
}
