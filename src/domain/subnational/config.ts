/**
 * Subnational countries as configuration (spec section 3, "Subnational country entry" and
 * "Subnational countries and their level slugs"; availability: section 4). Config as data: the
 * landing pages, the profile URL codec, the maps, the import and the search read it from here.
 *
 * `cube` and the code-to-cube mapping name the upstream (OEC) cube of each country. They identify
 * the dataset; pages never query them by name: what the warehouse holds for a country's level is
 * in the data catalogue (dataset `<code>_<level slug>`), filled by an import.
 *
 * Geometry: the data package's maps (geo/index.csv). Ids are matched as the file stores them
 * unless `ids: "integer"` says the file mixes numbers and zero-padded strings ("05" and 5).
 */

/** "miller-canaries": Miller with the Canary Islands in an inset beside the peninsula (projection.ts). */
export type SubnationalProjection = "miller" | "mercator" | "miller-canaries";

export interface ExtraMapConfig {
  /** Miller cylindrical unless said otherwise (spec: "Miller projection by default"). */
  readonly projection?: SubnationalProjection;
  /** Central meridian in degrees: for countries that cross the antimeridian (Russia). */
  readonly rotation?: number;
}

export interface LevelGeometry {
  /** File name under the package's geo/ folder, served at /api/assets/{file}. */
  readonly file: string;
  /** Where a feature's id is: the TopoJSON geometry id or a property. */
  readonly id: { readonly from: "geometry" } | { readonly from: "property"; readonly key: string };
  /** Property holding the feature's name; null when the file has none (names come from the data). */
  readonly nameKey: string | null;
  /** "integer": compare ids as integers ("05" is 5). */
  readonly ids: "string" | "integer";
  /** The features are points (ports, customs districts) drawn over the country's outline. */
  readonly points?: boolean;
  /** Feature id -> the member id the data and the URLs use, where the two differ (Australia: AU.NS -> NSW). */
  readonly memberIds?: Readonly<Record<string, string>>;
}

export interface GeoLevel {
  /** English name of the level (the UI says it in the reader's language: subnational.levels.<slug>). */
  readonly name: string;
  /** Depth, 1 = coarsest. */
  readonly level: number;
  /** URL segment: /profile/subnational_{code}/{slug}/{member}. */
  readonly slug: string;
  /** When this level's data comes from a cube other than the country's. */
  readonly overrideCube?: string;
  /** Profile report slug of the level's members. */
  readonly profileSlug: string;
  /** Feature ids drawn as nothing (outlines of the country, unassigned zones). */
  readonly ignoreIdsList?: readonly string[];
  /** Feature id -> names of the features to drop among those sharing that id (ids that collide). */
  readonly ignoreIdsMap?: Readonly<Record<string, readonly string[]>>;
  readonly extraMapConfig?: ExtraMapConfig;
  /** The package's map of the level; null when the package has none. */
  readonly geometry: LevelGeometry | null;
}

export interface SubnationalCountry {
  /** English name (the UI takes the country's name from the data in the reader's language). */
  readonly name: string;
  /** ISO 3166-1 alpha-3, lower case. */
  readonly code: string;
  readonly available: boolean;
  readonly cube: string;
  readonly dimension: string;
  /** Most members a query of the country may return (Brazil's 5,570 municipalities). */
  readonly limit?: number;
  readonly geoLevels: readonly GeoLevel[];
  /** Not in the spec's list of nineteen (see `beyondSpec`). */
  readonly extra?: { readonly reason: string };
}

const DIMENSION = "Subnat Geography";

const prop = (key: string): LevelGeometry["id"] => ({ from: "property", key });
const GEOMETRY_ID: LevelGeometry["id"] = { from: "geometry" };

function geo(file: string, options: Partial<Omit<LevelGeometry, "file">> = {}): LevelGeometry {
  return {
    file,
    id: options.id ?? prop("id"),
    nameKey: options.nameKey === undefined ? "name" : options.nameKey,
    ids: options.ids ?? "string",
    ...(options.points ? { points: true } : {}),
    ...(options.memberIds ? { memberIds: options.memberIds } : {}),
  };
}

function level(code: string, name: string, depth: number, slug: string, geometry: LevelGeometry | null, extra: Partial<Pick<GeoLevel, "overrideCube" | "ignoreIdsList" | "ignoreIdsMap" | "extraMapConfig">> = {}): GeoLevel {
  return { name, level: depth, slug, profileSlug: `subnational_${code}`, geometry, ...extra };
}

/** The nineteen countries in the spec's order. */
export const SUBNATIONAL_COUNTRIES: readonly SubnationalCountry[] = [
  {
    name: "Brazil",
    code: "bra",
    available: true,
    cube: "trade_s_bra_ncm_m_hs",
    dimension: DIMENSION,
    limit: 7000,
    geoLevels: [
      level("bra", "States", 1, "states", geo("bra_states.topojson", { ids: "integer" })),
      level("bra", "Municipalities", 2, "municipalities", geo("bra_municipalities.topojson", { ids: "integer" }), { overrideCube: "trade_s_bra_mun_m_hs" }),
    ],
  },
  {
    name: "Japan",
    code: "jpn",
    available: true,
    cube: "trade_s_jpn_m_hs",
    dimension: DIMENSION,
    geoLevels: [
      level("jpn", "Regions", 1, "regions", geo("jpn_regions.topojson", { ids: "integer" })),
      level("jpn", "Prefectures", 2, "prefectures", geo("jpn_prefectures.topojson", { ids: "integer" })),
    ],
  },
  {
    name: "Russia",
    code: "rus",
    available: true,
    cube: "trade_s_rus_m_hs",
    dimension: DIMENSION,
    geoLevels: [
      level("rus", "Districts", 1, "districts", geo("rus_districts.topojson", { ids: "integer" }), { extraMapConfig: { rotation: 100 } }),
      level("rus", "Regions", 2, "regions", geo("rus_regions.topojson", { ids: "integer" }), { extraMapConfig: { rotation: 100 } }),
    ],
  },
  {
    name: "Canada",
    code: "can",
    available: true,
    cube: "trade_s_can_m_hs",
    dimension: DIMENSION,
    geoLevels: [level("can", "Provinces", 1, "provinces", geo("can_provinces.topojson"))],
  },
  {
    name: "Uruguay",
    code: "ury",
    available: false,
    cube: "trade_s_ury_a_hs",
    dimension: DIMENSION,
    geoLevels: [
      level("ury", "Corridors", 1, "corridors", geo("ury_corridors.topojson")),
      level("ury", "Departments", 2, "departments", geo("ury_departments.topojson")),
    ],
  },
  {
    name: "Germany",
    code: "deu",
    available: true,
    cube: "trade_s_deu_m_egw",
    dimension: DIMENSION,
    geoLevels: [level("deu", "Regions", 1, "regions", geo("deu_regions.topojson", { ids: "integer" }))],
  },
  {
    name: "United States",
    code: "usa",
    available: true,
    cube: "usa_state_exports_i_m_hs",
    dimension: DIMENSION,
    geoLevels: [
      level("usa", "States", 1, "states", geo("usa_states.topojson", { nameKey: null }), { extraMapConfig: { rotation: -100 } }),
      level("usa", "Districts", 2, "districts", geo("usa_districts.topojson", { points: true }), { overrideCube: "usa_district_exports_i_m_hs", ignoreIdsList: ["USA"], extraMapConfig: { rotation: -100 } }),
      level("usa", "Ports", 3, "ports", geo("usa_ports.topojson", { nameKey: "place", points: true }), { overrideCube: "usa_port_exports_i_m_hs", ignoreIdsList: ["USA"], extraMapConfig: { rotation: -100 } }),
    ],
  },
  {
    name: "Turkey",
    code: "tur",
    available: false,
    cube: "trade_s_tur_m_hs",
    dimension: DIMENSION,
    geoLevels: [level("tur", "Provinces", 1, "provinces", geo("tur_provinces.topojson", { ids: "integer" }))],
  },
  {
    name: "Spain",
    code: "esp",
    available: true,
    cube: "trade_s_esp_m_hs",
    dimension: DIMENSION,
    geoLevels: [
      level("esp", "Autonomous Communities", 1, "autonomous", geo("esp_autonomous.topojson", { ids: "integer" }), { extraMapConfig: { projection: "miller-canaries" } }),
      level("esp", "Provinces", 2, "provinces", geo("esp_provinces.topojson", { ids: "integer" }), { extraMapConfig: { projection: "miller-canaries" } }),
    ],
  },
  {
    name: "South Africa",
    code: "zaf",
    available: true,
    cube: "trade_s_zaf_m_hs",
    dimension: DIMENSION,
    geoLevels: [level("zaf", "Ports", 1, "ports", geo("zaf_ports.topojson", { points: true }), { ignoreIdsList: ["ZAF"] })],
  },
  {
    name: "China",
    code: "chn",
    available: true,
    cube: "trade_s_chn_m_hs",
    dimension: DIMENSION,
    geoLevels: [level("chn", "Provinces", 1, "provinces", geo("chn_provinces.topojson", { ids: "integer" }))],
  },
  {
    name: "France",
    code: "fra",
    available: false,
    cube: "trade_s_fra_q_cpf",
    dimension: DIMENSION,
    geoLevels: [
      level("fra", "Regions", 1, "regions", geo("fra_regions.topojson")),
      level("fra", "Departments", 2, "departments", geo("fra_departments.topojson", { ids: "integer" })),
    ],
  },
  {
    name: "Bolivia",
    code: "bol",
    available: false,
    cube: "trade_s_bol_m_sitc3",
    dimension: DIMENSION,
    geoLevels: [level("bol", "Departments", 1, "departments", geo("bol_departments.topojson", { ids: "integer" }))],
  },
  {
    name: "Ecuador",
    code: "ecu",
    available: false,
    cube: "trade_s_ecu_m_hs",
    dimension: DIMENSION,
    geoLevels: [level("ecu", "Ports", 1, "ports", geo("ecu_ports.topojson", { points: true }), { ignoreIdsList: ["ECU"] })],
  },
  {
    name: "United Kingdom",
    code: "gbr",
    available: true,
    cube: "trade_s_gbr_m_hs",
    dimension: DIMENSION,
    geoLevels: [level("gbr", "Ports", 1, "ports", geo("gbr_ports.topojson", { nameKey: "place", points: true }), { ignoreIdsList: ["GBR"] })],
  },
  {
    name: "Saudi Arabia",
    code: "sau",
    available: false,
    cube: "trade_s_sau_m_hs",
    dimension: DIMENSION,
    geoLevels: [level("sau", "Ports", 1, "ports", geo("sau_ports.topojson", { points: true }), { ignoreIdsList: ["SAU"] })],
  },
  {
    name: "Chile",
    code: "chl",
    available: true,
    cube: "trade_s_chl_m_hs",
    dimension: DIMENSION,
    geoLevels: [
      level("chl", "Regions", 1, "regions", geo("chl_regions.geojson", { id: prop("codregion"), nameKey: "Region", ids: "integer" }), { ignoreIdsList: ["0"] }),
      level("chl", "Comunas", 2, "comunas", geo("chl_comunas.geojson", { id: prop("cod_comuna"), nameKey: "Comuna", ids: "integer" })),
    ],
  },
  {
    name: "Italy",
    code: "ita",
    available: true,
    cube: "trade_s_ita_q_hs",
    dimension: DIMENSION,
    geoLevels: [
      level("ita", "Macroregions", 1, "macroregions", null),
      level("ita", "Regions", 2, "regions", geo("ita_regions.topojson", { id: prop("reg_istat_code_num"), nameKey: "reg_name", ids: "integer" })),
      level("ita", "Provinces", 3, "provinces", geo("ita_provinces.topojson", { id: prop("prov_istat_code_num"), nameKey: "prov_name", ids: "integer" })),
    ],
  },
  {
    name: "Portugal",
    code: "prt",
    available: true,
    cube: "trade_s_prt_m_hs",
    dimension: DIMENSION,
    geoLevels: [
      level("prt", "Regions", 1, "regions", null),
      level("prt", "Communities", 2, "communities", null),
      level("prt", "Municipalities", 3, "municipalities", null),
    ],
  },
];

/**
 * Entries beyond the spec's nineteen: Mexico (its profile slug subnational_mex is among the spec's
 * valid slugs, but it is not in the country list) and Australia (real data in the package).
 */
export const EXTRA_SUBNATIONAL_COUNTRIES: readonly SubnationalCountry[] = [
  {
    name: "Mexico",
    code: "mex",
    available: true,
    cube: "trade_s_mex_m_hs",
    dimension: DIMENSION,
    geoLevels: [level("mex", "States", 1, "states", geo("mex_states.topojson", { id: GEOMETRY_ID }), { ignoreIdsList: ["-99"] })],
    extra: { reason: "The spec lists subnational_mex among the valid profile slugs but not among the subnational countries." },
  },
  {
    name: "Australia",
    code: "aus",
    available: true,
    cube: "trade_s_aus_a_ahecc",
    dimension: DIMENSION,
    geoLevels: [
      // Member ids are the ABS state codes (as domain/subnational/ausStates.ts maps them).
      level("aus", "States", 1, "states", geo("aus_states.topojson", { id: GEOMETRY_ID, memberIds: { "AU.NS": "NSW", "AU.VI": "VIC", "AU.QL": "QLD", "AU.SA": "SA", "AU.WA": "WA", "AU.TS": "TAS", "AU.NT": "NT", "AU.CT": "ACT" } }), {
        // Macquarie Island has the bare country id; Norfolk Island shares the ACT's id.
        ignoreIdsMap: { AU: ["Macquarie Island"], "AU.CT": ["Norfolk Island"] },
      }),
    ],
    extra: { reason: "Beyond the spec: the data package carries Australian state exports (AHECC, in AUD)." },
  },
];

export const ALL_SUBNATIONAL_COUNTRIES: readonly SubnationalCountry[] = [...SUBNATIONAL_COUNTRIES, ...EXTRA_SUBNATIONAL_COUNTRIES];

/** Subnational code -> upstream cube, one per level that overrides the country's (spec: "a mapping links subnational codes to data cube names"). */
export const SUBNATIONAL_CUBES: Readonly<Record<string, string>> = Object.fromEntries(ALL_SUBNATIONAL_COUNTRIES.map((c) => [c.code, c.cube]));

export const SUBNATIONAL_PREFIX = "subnational_";

export function subnationalCountry(code: string): SubnationalCountry | undefined {
  return ALL_SUBNATIONAL_COUNTRIES.find((c) => c.code === code);
}

/** The country of a report slug ("subnational_bra"), or undefined. */
export function countryOfReport(slug: string): SubnationalCountry | undefined {
  return slug.startsWith(SUBNATIONAL_PREFIX) ? subnationalCountry(slug.slice(SUBNATIONAL_PREFIX.length)) : undefined;
}

export function reportSlugOf(code: string): string {
  return `${SUBNATIONAL_PREFIX}${code}`;
}

export function geoLevel(code: string, slug: string): GeoLevel | undefined {
  return subnationalCountry(code)?.geoLevels.find((l) => l.slug === slug);
}

/** The upstream cube of a country's level (its own or the country's). */
export function cubeOfLevel(country: SubnationalCountry, levelDef: GeoLevel): string {
  return levelDef.overrideCube ?? country.cube;
}

/** The level's map settings, Miller and no rotation unless the level says otherwise. */
export function mapConfigOf(levelDef: GeoLevel): Required<ExtraMapConfig> {
  return { projection: levelDef.extraMapConfig?.projection ?? "miller", rotation: levelDef.extraMapConfig?.rotation ?? 0 };
}

/** The first level with a map (the landing page's map), or undefined. */
export function firstMappedLevel(country: SubnationalCountry): GeoLevel | undefined {
  return country.geoLevels.find((l) => l.geometry !== null);
}

/** Catalogue dataset key of a country's level: "bra_states". */
export function datasetOf(code: string, slug: string): string {
  return `${code}_${slug}`;
}

/** A feature id as the config compares it ("05" and 5 are one id when the level's ids are integers). */
export function normaliseRegionId(id: string | number, kind: LevelGeometry["ids"]): string {
  const text = String(id).trim();
  if (kind === "integer" && /^-?\d+$/.test(text)) return String(Number(text));
  return text;
}
