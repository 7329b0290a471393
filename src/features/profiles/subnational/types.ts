import type { Locale } from "@/domain/i18n/locales";

/** What every subnational member profile receives (registry.tsx dispatches to one). */
export interface SubnationalProfileProps {
  locale: Locale;
  country: string;
  level: string;
  id: string;
  /** The member's name in the reader's language (from the profile index). */
  name: string;
  year?: number;
}

/** A level's members as its landing page lists them: values of one year, in one currency. */
export interface LevelMembers {
  year: number;
  /** ISO 4217 code of the values. */
  currency: string;
  /** Exports unless the level holds imports only. */
  flow: "export" | "import";
  members: { id: string; name: string; value: number }[];
}
