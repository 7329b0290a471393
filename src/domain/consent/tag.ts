/**
 * The analytics tag is configuration: a Google Tag Manager container id (GTM_ID). Anything else,
 * or nothing, means no external script is loaded at all.
 */
const GTM_ID = /^GTM-[A-Z0-9]{4,12}$/;
export const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";

/** The configured container id, or null when unset or malformed (then nothing loads). */
export function parseTagId(value: string | null | undefined): string | null {
  const id = value?.trim().toUpperCase() ?? "";
  return GTM_ID.test(id) ? id : null;
}

export function tagManagerScriptUrl(id: string | null | undefined): string | null {
  const tag = parseTagId(id);
  return tag ? `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(tag)}` : null;
}
