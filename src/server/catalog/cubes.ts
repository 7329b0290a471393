/**
 * What a page says about the dataset behind a catalogue entry: its caption in a language and its
 * licence, from the cube registry. Pages never import src/server/warehouse (eslint.config.mjs).
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import { getCube } from "@/server/warehouse/registry";

/** The caption of a cube in a language (English where it has none), or the cube's name when unknown. */
export function cubeCaption(cube: string, locale: Locale): string {
  const def = getCube(cube);
  return def ? def.caption[locale] || def.caption.en : cube;
}

/** The licence a cube's data are published under, or null when the registry records none. */
export function cubeLicence(cube: string): string | null {
  return getCube(cube)?.annotations.licence ?? null;
}
