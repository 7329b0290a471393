import { preloadable } from "@/features/lazy/preloadable";

/**
 * The customise dialog (its modal, switches, accordions and the cookie tables) loads when first
 * opened, not with every page; the buttons that open it preload it on pointer enter or focus.
 */
export const preferencesModule = preloadable(() => import("./ConsentPreferences"));

export function preloadPreferences() {
  preferencesModule.preload();
}
