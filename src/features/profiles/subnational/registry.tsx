/**
 * Which component shows a member of a subnational level, and what the level's landing page lists:
 * (country code, level slug) -> entry. Levels without an entry of their own use the generic
 * profile, which reads data imported with `data:import -- --subnational FILE`
 * (docs/subnational.md); a level with neither shows the landing page's "no data" statement.
 *
 * To add a level with data of its own (a package cube), add one line to ENTRIES below.
 */
import type { ReactNode } from "react";
import type { Locale } from "@/domain/i18n/locales";
import { genericLevel } from "@/server/subnational/data";
import { ProvinceProfile } from "../province/ProvinceProfile";
import { GenericSubnationalProfile } from "./GenericSubnationalProfile";
import type { LevelMembers, SubnationalProfileProps } from "./types";
import { AusStateProfile } from "./AusStateProfile";
import { EspAutonomousProfile } from "./EspAutonomousProfile";
import { ausStateMembers } from "@/server/subnationalProfiles/aus";
import { espCommunityMembers, espProvinceMembers } from "@/server/subnationalProfiles/esp";

export type { LevelMembers, SubnationalProfileProps };

export interface SubnationalEntry {
  /** The member profile. */
  Profile: (props: SubnationalProfileProps) => ReactNode | Promise<ReactNode>;
  /** The level's members with data; null when the warehouse has none. */
  members: (locale: Locale) => Promise<LevelMembers | null>;
}

/** Levels imported with the generic importer (the default). */
export const GENERIC_ENTRY: SubnationalEntry = {
  Profile: (props) => <GenericSubnationalProfile {...props} />,
  members: async () => null,
};

function genericMembers(country: string, level: string) {
  return async (locale: Locale): Promise<LevelMembers | null> => {
    const summary = await genericLevel(country, level, locale);
    return summary && { year: summary.year, currency: summary.currency, flow: summary.flow, members: summary.members.filter((m) => m.value > 0) };
  };
}

const ENTRIES: Record<string, SubnationalEntry> = {
  "esp/provinces": { Profile: ({ locale, id, name }) => <ProvinceProfile locale={locale} id={id} name={name} />, members: espProvinceMembers },
  // Package cubes of their own: the Australian states (AUD) and the Spanish autonomous communities (summed from provinces).
  "aus/states": { Profile: ({ locale, id, name, year }) => <AusStateProfile locale={locale} id={id} name={name} year={year} />, members: ausStateMembers },
  "esp/autonomous": { Profile: ({ locale, id, name }) => <EspAutonomousProfile locale={locale} id={id} name={name} />, members: espCommunityMembers },
};

/** The entry of a country level: its own, else the generic one. */
export function subnationalEntry(country: string, level: string): SubnationalEntry {
  return ENTRIES[`${country}/${level}`] ?? { Profile: GENERIC_ENTRY.Profile, members: genericMembers(country, level) };
}

/** Whether a level has a profile component of its own (not the generic one). */
export function hasOwnEntry(country: string, level: string): boolean {
  return `${country}/${level}` in ENTRIES;
}
