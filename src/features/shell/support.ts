/**
 * The client-safe settings: `NEXT_PUBLIC_*` values, which Next.js inlines into the browser bundle
 * at build time, so each must stay a literal `process.env.NEXT_PUBLIC_...` expression here. Every
 * other setting is read by src/server/settings.ts.
 */

/** Where visitors write to (shown on the error page, the support page and the About menu). */
export const SUPPORT_EMAIL = process.env.NEXT_PUBLIC_SUPPORT_EMAIL || "support@opentradeobservatory.org";
