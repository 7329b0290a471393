/**
 * How the shell keeps the session fresh (spec section 4, Session): every 86400 s, not when the
 * window regains focus, and not at all on the CMS page.
 */
export const SESSION_REFETCH_SECONDS = 86_400;

export interface SessionRefetch {
  refetchInterval: number;
  refetchOnWindowFocus: boolean;
}

export function sessionRefetchFor(pathWithoutLocale: string): SessionRefetch {
  const cms = /^\/cms(\/|$)/.test(pathWithoutLocale);
  return { refetchInterval: cms ? 0 : SESSION_REFETCH_SECONDS, refetchOnWindowFocus: false };
}
