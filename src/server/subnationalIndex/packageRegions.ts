/**
 * The members of the subnational levels that the data package fills with cubes of their own (the
 * Australian states, the Spanish autonomous communities), in the shape of the generic regions, so
 * the profile index (search, profile URLs, sitemap) knows them. Names come from the member tables;
 * weights are the newest year's exports (AUD or USD: compared only within one level). Levels and
 * tables come from the data catalogue and the registry; an absent dataset gives no members.
 */
import "server-only";
import { LOCALES, type Locale } from "@/domain/i18n/locales";
import { AUS_STATE_CODES } from "@/domain/subnational/ausStates";
import { ESP_COMMUNITIES } from "@/domain/subnational/espCommunities";
import { dataCatalog } from "@/server/catalog/catalog";
import { getCube } from "@/server/warehouse/registry";
import { runStatement } from "@/server/warehouse/statements";
import { regionWeights } from "./statements";

export interface PackageRegion {
  country: string;
  level: string;
  regionId: string;
  names: Record<Locale, string>;
  weight: number;
}

/** Catalogue dataset, the level (URL slug) it fills, its member level and the members that have a profile. */
const LEVELS = [
  { dataset: "aus_states", country: "aus", level: "states", levelName: "State", members: AUS_STATE_CODES as readonly string[] },
  { dataset: "esp_autonomous", country: "esp", level: "autonomous", levelName: "Autonomous Community", members: ESP_COMMUNITIES.map((c) => String(c.id)) },
] as const;

export async function packageRegionsForIndex(): Promise<PackageRegion[]> {
  const { entries } = await dataCatalog();
  const out: PackageRegion[] = [];
  for (const def of LEVELS) {
    const entry = entries.filter((e) => e.dataset === def.dataset).sort((a, b) => a.year - b.year).at(-1);
    const cube = entry ? getCube(entry.cube) : undefined;
    const level = cube?.dimensions.flatMap((d) => d.hierarchies.flatMap((h) => h.levels)).find((l) => l.name === def.levelName);
    if (!entry || !cube || !level?.members) continue;
    const measure = cube.measures.find((m) => m.name === cube.defaultMeasure) ?? cube.measures[0];
    const table = cube.tables[0].name;
    const rows = await runStatement(regionWeights, { members: level.members, column: level.column, measure: measure.sql, table, year: entry.year });
    for (const r of rows) {
      const id = String(r.id);
      if (!def.members.includes(id)) continue;
      out.push({
        country: def.country,
        level: def.level,
        regionId: id,
        names: Object.fromEntries(LOCALES.map((l) => [l, String(r[`name_${l}`] ?? r.name_en)])) as Record<Locale, string>,
        weight: Math.max(0, Number(r.weight) || 0),
      });
    }
  }
  return out;
}
