/** Where visitors write to (shown on the error page, the support page and the About menu). */
export const SUPPORT_EMAIL = process.env.NEXT_PUBLIC_SUPPORT_EMAIL || "support@opentradeobservatory.org";
