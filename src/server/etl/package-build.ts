/**
 * How each data package resource becomes warehouse tables: the dimension (member) tables every cube
 * shares, and one fact layout per trade resource. Staged CSV tables hold text; casts happen here,
 * after validation has proven they succeed.
 */
import "server-only";
import { listValue, type DuckDBConnection } from "@duckdb/node-api";
import { getCube, type CubeDef } from "@/server/warehouse/registry";
import type { Resource } from "@/server/datapackage/datapackage";
import { createCubeTables, type TableStats } from "./layout";
import { EBOPS2002_NAMES } from "./names/ebops2002";
import { applyReviewedHsNames } from "./names/applyReviewed";
import { BILL_OF_LADING_FIELDS } from "@/domain/bulk/billOfLading";
import { ident, literal, scalar, toNumber } from "./sql";
import { AUS_STATE_CODES, AUS_STATE_GEO_IDS } from "@/domain/subnational/ausStates";
import { ESP_COMMUNITIES, ESP_COMMUNITY_FEATURE, ESP_UNASSIGNED_COMMUNITY } from "@/domain/subnational/espCommunities";

/** Nomenclatures every cube needs; the import fails without them. */
export const DIMENSION_RESOURCES = ["continents", "countries", "sections", "products_hs92"] as const;

/**
 * Optional resources read only by the complexity step: the SITC4 trade of the complexity fixture
 * (1998-2000 average), which feeds the legacy SITC ECI ranking.
 */
export const COMPLEXITY_RESOURCES = ["complexity_fixture_trade"] as const;

/** Fields the importer reads from each resource (beyond what the schema validates). */
export const REQUIRED_FIELDS: Record<string, readonly string[]> = {
  continents: ["id", "name_en", "name_es", "name_zh", "color"],
  countries: ["iso3", "iso2", "m49", "continent_id", "name_en", "name_es", "name_zh", "lat", "lon", "is_aggregate", "code_status", "alias_of"],
  sections: ["code", "name_en", "name_short_es", "name_es", "name_zh", "name_full_en", "color", "color_ots", "community_name", "hs2_first", "hs2_last", "subnational_esp_section_id"],
  products_hs92: ["level", "code", "parent_code", "section_code", "name_en", "name_es", "name_zh", "short_name_en", "short_name_es", "hs92_member", "oec_id"],
  trade_bilateral_section: ["year", "reporter", "partner", "section", "export_value", "import_value"],
  trade_country_hs4_2018: ["year", "reporter", "hs4", "export_value", "import_value"],
  trade_country_hs4_exports_1962_1980_2017: ["year", "reporter", "hs4", "export_value"],
  trade_country_hs4_exports_2019_atlas: ["year", "reporter", "hs4", "export_value"],
  trade_world_hs4_exports_1995_2023_atlas: ["year", "hs4", "export_value"],
  trade_bilateral_hs4_1989_1990: ["year", "reporter", "partner", "hs4", "export_value", "quantity"],
  services_2016: ["year", "country", "service_code", "ebops2002_code", "service_name_en", "export_value"],
  subnational_esp_province_section_2022: ["year", "province_id", "province_name", "section", "export_value"],
  subnational_aus_state_ahecc8_1988_2023: ["year", "state", "ahecc8", "export_value_aud"],
  subnational_aus_ahecc8_codes: ["ahecc8", "ahecc6", "name_en"],
  subnational_aus_state_services_1999_2022: ["year", "state", "service_category", "export_value_aud"],
  subnational_aus_states: ["code", "name_en", "name_es", "name_zh", "is_state"],
  indicators_country_year: ["iso3", "year", "gdp", "gdp_per_capita", "population"],
  complexity_fixture_trade: ["country", "product", "value"],
  bill_of_lading: BILL_OF_LADING_FIELDS.map((f) => f.name),
};

export function missingFields(resource: Resource): string[] {
  const wanted = REQUIRED_FIELDS[resource.name] ?? [];
  const present = new Set((resource.schema?.fields ?? []).map((f) => f.name));
  return wanted.filter((name) => !present.has(name));
}

function trueValues(resource: Resource, field: string): string[] {
  return resource.schema?.fields.find((f) => f.name === field)?.trueValues ?? ["true", "True", "TRUE", "1"];
}

/** name_xx with English fallback and a flag saying the fallback happened. */
function localisedNames(en: string, es: string, zh: string): string {
  return `${en} AS name_en,
    COALESCE(${es}, ${en}) AS name_es, COALESCE(${zh}, ${en}) AS name_zh,
    (${es}) IS NULL AS name_es_fallback, (${zh}) IS NULL AS name_zh_fallback`;
}

export async function buildDimensions(
  conn: DuckDBConnection,
  relation: (resource: string) => string,
  resources: (name: string) => Resource | undefined,
): Promise<number> {
  const r = (name: string) => ident(relation(name));
  await conn.run(`CREATE OR REPLACE TABLE dim_continents AS
    SELECT id, ${localisedNames("name_en", "name_es", "name_zh")}, color
    FROM ${r("continents")} ORDER BY id`);
  await conn.run(
    `CREATE OR REPLACE TABLE dim_countries AS
    SELECT iso3 AS id, iso2, TRY_CAST(m49 AS INTEGER) AS m49, COALESCE(continent_id, 'xx') AS continent_id,
      ${localisedNames("name_en", "name_es", "name_zh")},
      TRY_CAST(lat AS DOUBLE) AS lat, TRY_CAST(lon AS DOUBLE) AS lon,
      COALESCE(list_contains($aggTrue, is_aggregate), false) AS is_aggregate, code_status, alias_of
    FROM ${r("countries")} ORDER BY iso3`,
    { aggTrue: listValue(trueValues(resources("countries")!, "is_aggregate")) },
  );
  await conn.run(`CREATE OR REPLACE TABLE dim_hs_sections AS
    SELECT code AS id,
      name_en, COALESCE(name_short_es, name_es, name_en) AS name_es, COALESCE(name_zh, name_en) AS name_zh,
      (name_short_es IS NULL AND name_es IS NULL) AS name_es_fallback, name_zh IS NULL AS name_zh_fallback,
      COALESCE(name_full_en, name_en) AS long_name_en, COALESCE(name_es, name_short_es, name_en) AS long_name_es,
      color, color_ots, community_name, hs2_first, hs2_last, subnational_esp_section_id
    FROM ${r("sections")} ORDER BY TRY_CAST(code AS INTEGER), code`);
  const memberFlag = listValue(trueValues(resources("products_hs92")!, "hs92_member"));
  const productColumns = `
      COALESCE(short_name_en, name_en) AS name_en,
      COALESCE(short_name_es, name_es, short_name_en, name_en) AS name_es,
      COALESCE(name_zh, short_name_en, name_en) AS name_zh,
      (short_name_es IS NULL AND name_es IS NULL) AS name_es_fallback, name_zh IS NULL AS name_zh_fallback,
      name_en AS long_name_en, COALESCE(name_es, short_name_es, name_en) AS long_name_es,
      COALESCE(list_contains($member, hs92_member), false) AS hs92_member, oec_id`;
  await conn.run(
    `CREATE OR REPLACE TABLE dim_hs2 AS
     SELECT code AS id, section_code AS section_id, ${productColumns}
     FROM ${r("products_hs92")} WHERE level = 'hs2' ORDER BY code`,
    { member: memberFlag },
  );
  await conn.run(
    `CREATE OR REPLACE TABLE dim_hs4 AS
     SELECT code AS id, parent_code AS hs2_id, section_code AS section_id, ${productColumns}
     FROM ${r("products_hs92")} WHERE level = 'hs4' ORDER BY code`,
    { member: memberFlag },
  );
  await conn.run(
    `CREATE OR REPLACE TABLE dim_hs6 AS
     SELECT code AS id, parent_code AS hs4_id, left(code, 2) AS hs2_id, section_code AS section_id, ${productColumns}
     FROM ${r("products_hs92")} WHERE level = 'hs6' ORDER BY code`,
    { member: memberFlag },
  );
  // The package's machine-made Chinese (and missing Spanish) names, corrected by names reviewed here.
  await applyReviewedHsNames(conn);
  await conn.run(`CREATE OR REPLACE VIEW dim_products AS
    SELECT 'section' AS level, s.id, NULL AS parent_id, s.id AS section_id, s.name_en, s.name_es, s.name_zh,
           s.name_es_fallback, s.name_zh_fallback, s.color FROM dim_hs_sections s
    UNION ALL SELECT 'hs2', p.id, p.section_id, p.section_id, p.name_en, p.name_es, p.name_zh,
           p.name_es_fallback, p.name_zh_fallback, s.color FROM dim_hs2 p LEFT JOIN dim_hs_sections s ON s.id = p.section_id
    UNION ALL SELECT 'hs4', p.id, p.hs2_id, p.section_id, p.name_en, p.name_es, p.name_zh,
           p.name_es_fallback, p.name_zh_fallback, s.color FROM dim_hs4 p LEFT JOIN dim_hs_sections s ON s.id = p.section_id
    UNION ALL SELECT 'hs6', p.id, p.hs4_id, p.section_id, p.name_en, p.name_es, p.name_zh,
           p.name_es_fallback, p.name_zh_fallback, s.color FROM dim_hs6 p LEFT JOIN dim_hs_sections s ON s.id = p.section_id`);
  // Section of every two-digit chapter, including chapters outside HS92 (for BACI's newer revisions).
  await conn.run(`CREATE OR REPLACE TABLE map_hs2_section AS
    WITH chapters AS (SELECT lpad(CAST(n AS VARCHAR), 2, '0') AS hs2 FROM range(0, 100) AS t(n))
    SELECT c.hs2, COALESCE(
      (SELECT h.section_id FROM dim_hs2 h WHERE h.id = c.hs2),
      (SELECT min(s.id) FROM dim_hs_sections s WHERE s.id <> '99' AND c.hs2 BETWEEN s.hs2_first AND s.hs2_last),
      '99') AS section_id
    FROM chapters c ORDER BY c.hs2`);
  // Flow captions are interface vocabulary, not entity names, so all three languages are written here.
  await conn.run(`CREATE OR REPLACE TABLE dim_flows AS
    SELECT * FROM (VALUES
      (1::TINYINT, 'Imports', 'Importaciones', '进口', false, false),
      (2::TINYINT, 'Exports', 'Exportaciones', '出口', false, false))
    AS t(id, name_en, name_es, name_zh, name_es_fallback, name_zh_fallback)`);
  return toNumber(await scalar(conn, `SELECT (SELECT count(*) FROM dim_countries) + (SELECT count(*) FROM dim_products)`));
}

export interface PackageCubeSource {
  resource: string;
  /** More resources adding rows (years) to the same cube; optional: the cube is built without them. */
  extraResources?: readonly string[];
  cube: CubeDef;
  /** SELECT over the staged relation producing the cube's columns; `extra` holds the staged extra resources present. */
  sourceSql(rel: string, extra: Readonly<Record<string, string>>): string;
  /** The member tables `dimensions` writes (the import step declares them). */
  memberTables?: readonly string[];
  /** Member tables that only this resource provides (`extra`: the staged extra resources present). */
  dimensions?(conn: DuckDBConnection, rel: string, extra: Readonly<Record<string, string>>): Promise<void>;
  /** Checks of meaning (not format) that only warn, e.g. mirror consistency. */
  warnings?(conn: DuckDBConnection, rel: string): Promise<string[]>;
}

const continentOf = (alias: string, column: string) =>
  `COALESCE((SELECT c.continent_id FROM dim_countries c WHERE c.id = ${alias}.${column}), 'xx')`;

/**
 * Country x HS4 exports to the world (flow 2) in the OTS HS4 cube's columns. The Atlas writes its
 * unspecified heading as XXXX; it is stored as 9999, the code the other years use.
 */
function exportsOnlyHs4(rel: string): string {
  return `
    SELECT CAST(r.year AS SMALLINT) AS year, r.reporter AS country, ${continentOf("r", "reporter")} AS continent,
      2::TINYINT AS flow, COALESCE(p.section_id, '99') AS section, COALESCE(p.hs2_id, left(r.code, 2)) AS hs2, r.code AS hs4,
      CAST(r.export_value AS DOUBLE) AS trade_value
    FROM (SELECT *, CASE WHEN hs4 IS NULL OR hs4 = '' OR upper(hs4) = 'XXXX' THEN '9999' ELSE hs4 END AS code FROM ${ident(rel)}) r
    LEFT JOIN dim_hs4 p ON p.id = r.code`;
}

/**
 * Australian states (dim_aus_states): names from subnational_aus_states when staged, else the code;
 * geo_id is the state's feature id in geo/aus_states.topojson (null for RX and CND).
 */
async function ausStates(conn: DuckDBConnection, rel: string, extra: Readonly<Record<string, string>>): Promise<void> {
  const states = extra.subnational_aus_states;
  const geo = Object.entries(AUS_STATE_GEO_IDS)
    .map(([code, id]) => `(${literal(code)}, ${literal(id)}, ${AUS_STATE_CODES.indexOf(code as (typeof AUS_STATE_CODES)[number]) + 1})`)
    .join(", ");
  const named = states
    ? `SELECT code AS id, ${localisedNames("name_en", "name_es", "name_zh")}, lower(CAST(is_state AS VARCHAR)) = 'true' AS is_state FROM ${ident(states)}`
    : `SELECT DISTINCT state AS id, state AS name_en, state AS name_es, state AS name_zh, true AS name_es_fallback, true AS name_zh_fallback,
         state IN (${AUS_STATE_CODES.map(literal).join(", ")}) AS is_state FROM ${ident(rel)}`;
  await conn.run(`CREATE OR REPLACE TABLE dim_aus_states AS
    WITH geo(code, geo_id, ord) AS (VALUES ${geo})
    SELECT n.*, g.geo_id, COALESCE(g.ord, 99) AS ord FROM (${named}) n LEFT JOIN geo g ON g.code = n.id
    ORDER BY COALESCE(g.ord, 99), n.id`);
}

/** Product member tables of the Australian cube: HS92 names where the code exists there, else the ABS AHECC description. */
async function ausProducts(conn: DuckDBConnection, rel: string, codesRel: string | undefined): Promise<void> {
  const codes = codesRel ? `SELECT CAST(ahecc8 AS VARCHAR) AS ahecc8, name_en FROM ${ident(codesRel)}` : `SELECT NULL::VARCHAR AS ahecc8, NULL::VARCHAR AS name_en WHERE false`;
  const columns = (prefix: string) => `
      COALESCE(d.name_en, a.name, '${prefix} ' || c.id) AS name_en,
      COALESCE(d.name_es, a.name, '${prefix} ' || c.id) AS name_es,
      COALESCE(d.name_zh, a.name, '${prefix} ' || c.id) AS name_zh,
      COALESCE(d.name_es_fallback, true) AS name_es_fallback, COALESCE(d.name_zh_fallback, true) AS name_zh_fallback,
      COALESCE(d.long_name_en, a.name, '${prefix} ' || c.id) AS long_name_en,
      COALESCE(d.long_name_es, a.name, '${prefix} ' || c.id) AS long_name_es,
      d.id IS NOT NULL AS hs92_member`;
  // A code outside HS92 is named after the first AHECC description under it (English only).
  await conn.run(`CREATE OR REPLACE TEMP TABLE ahecc_names AS
    WITH codes AS (${codes})
    SELECT w.width, left(codes.ahecc8, w.width) AS id, arg_min(codes.name_en, codes.ahecc8) AS name
    FROM codes CROSS JOIN (VALUES (4), (6)) AS w(width) WHERE codes.name_en IS NOT NULL GROUP BY ALL`);
  await conn.run(`CREATE OR REPLACE TEMP TABLE aus_codes AS SELECT DISTINCT CAST(ahecc8 AS VARCHAR) AS ahecc8 FROM ${ident(rel)}`);
  // Chapter 98 is AHECC's own (Australian special transactions): named here in the three languages.
  await conn.run(`CREATE OR REPLACE TABLE dim_aus_hs2 AS
    WITH c AS (SELECT DISTINCT left(ahecc8, 2) AS id FROM aus_codes)
    SELECT c.id, COALESCE(d.section_id, m.section_id, '99') AS section_id,
      COALESCE(d.name_en, CASE WHEN c.id = '98' THEN 'Special transactions (AHECC chapter 98)' END, 'HS2 ' || c.id) AS name_en,
      COALESCE(d.name_es, CASE WHEN c.id = '98' THEN 'Transacciones especiales (capítulo 98 de la AHECC)' END, 'HS2 ' || c.id) AS name_es,
      COALESCE(d.name_zh, CASE WHEN c.id = '98' THEN '特殊交易（AHECC第98章）' END, 'HS2 ' || c.id) AS name_zh,
      COALESCE(d.name_es_fallback, c.id <> '98') AS name_es_fallback, COALESCE(d.name_zh_fallback, c.id <> '98') AS name_zh_fallback,
      d.id IS NOT NULL AS hs92_member
    FROM c LEFT JOIN dim_hs2 d ON d.id = c.id LEFT JOIN map_hs2_section m ON m.hs2 = c.id ORDER BY c.id`);
  await conn.run(`CREATE OR REPLACE TABLE dim_aus_hs4 AS
    WITH c AS (SELECT DISTINCT left(ahecc8, 4) AS id FROM aus_codes)
    SELECT c.id, left(c.id, 2) AS hs2_id, COALESCE(m.section_id, '99') AS section_id, ${columns("HS4")}
    FROM c LEFT JOIN dim_hs4 d ON d.id = c.id LEFT JOIN ahecc_names a ON a.width = 4 AND a.id = c.id LEFT JOIN map_hs2_section m ON m.hs2 = left(c.id, 2) ORDER BY c.id`);
  await conn.run(`CREATE OR REPLACE TABLE dim_aus_hs6 AS
    WITH c AS (SELECT DISTINCT left(ahecc8, 6) AS id FROM aus_codes)
    SELECT c.id, left(c.id, 4) AS hs4_id, left(c.id, 2) AS hs2_id, COALESCE(m.section_id, '99') AS section_id, ${columns("HS6")}
    FROM c LEFT JOIN dim_hs6 d ON d.id = c.id LEFT JOIN ahecc_names a ON a.width = 6 AND a.id = c.id LEFT JOIN map_hs2_section m ON m.hs2 = left(c.id, 2) ORDER BY c.id`);
  await conn.run(`DROP TABLE IF EXISTS ahecc_names`);
  await conn.run(`DROP TABLE IF EXISTS aus_codes`);
}

/** Service categories of the ABS state tables as grouped by the complexitydata package; interface vocabulary in three languages. */
const AUS_SERVICE_NAMES: readonly (readonly [string, string, string, string])[] = [
  ["transport", "Transport", "Transporte", "运输"],
  ["travel", "Travel", "Viajes", "旅行"],
  ["financial", "Insurance, pension and financial services", "Seguros, pensiones y servicios financieros", "保险、养老金和金融服务"],
  ["ict", "Telecommunications, computer and information services", "Telecomunicaciones, informática e información", "电信、计算机和信息服务"],
  ["other", "Other services", "Otros servicios", "其他服务"],
];

function cube(name: string): CubeDef {
  const found = getCube(name);
  if (!found) throw new Error(`registry has no cube ${name}`);
  return found;
}

export const PACKAGE_CUBE_SOURCES: readonly PackageCubeSource[] = [
  {
    resource: "trade_bilateral_section",
    cube: cube("trade_i_ots_a_sections"),
    // Each directed flow A->B is stored in A's export_value and (mirrored) in B's import_value:
    // keeping only the export side stores it once, so exporter and importer views never double count.
    sourceSql: (rel) => `
      SELECT CAST(s.year AS SMALLINT) AS year,
        s.reporter AS exporter, ${continentOf("s", "reporter")} AS exporter_continent,
        s.partner AS importer, ${continentOf("s", "partner")} AS importer_continent,
        CAST(s.section AS VARCHAR) AS section, CAST(s.export_value AS DOUBLE) AS trade_value
      FROM ${ident(rel)} s WHERE s.export_value <> 0`,
    async warnings(conn, rel) {
      const mismatched = toNumber(
        await scalar(
          conn,
          `SELECT count(*) FROM ${ident(rel)} a JOIN ${ident(rel)} b
             ON a.year = b.year AND a.reporter = b.partner AND a.partner = b.reporter AND a.section = b.section
           WHERE a.export_value IS DISTINCT FROM b.import_value`,
        ),
      );
      return mismatched > 0
        ? [
            `trade_bilateral_section: ${mismatched} rows are not mirror-consistent; importer views use the exporter's reported value`,
          ]
        : [];
    },
  },
  {
    resource: "trade_country_hs4_2018",
    // Older OTS years (1962, 1980, 2017): exports only, the same HS 2007 codes.
    extraResources: ["trade_country_hs4_exports_1962_1980_2017"],
    cube: cube("trade_i_ots_a_hs4"),
    sourceSql: (rel, extra) => {
      const older = extra.trade_country_hs4_exports_1962_1980_2017;
      return `
      SELECT * FROM (
        SELECT CAST(r.year AS SMALLINT) AS year, r.reporter AS country, ${continentOf("r", "reporter")} AS continent,
          f.flow AS flow, COALESCE(p.section_id, '99') AS section, COALESCE(p.hs2_id, left(r.hs4, 2)) AS hs2, r.hs4 AS hs4,
          CASE WHEN f.flow = 2 THEN CAST(r.export_value AS DOUBLE) ELSE CAST(r.import_value AS DOUBLE) END AS trade_value
        FROM ${ident(rel)} r
        CROSS JOIN (VALUES (1::TINYINT), (2::TINYINT)) AS f(flow)
        LEFT JOIN dim_hs4 p ON p.id = r.hs4
        ${older ? `UNION ALL ${exportsOnlyHs4(older)}` : ""}
      ) WHERE trade_value <> 0`;
    },
  },
  {
    resource: "trade_country_hs4_exports_2019_atlas",
    cube: cube("trade_i_atlas_a_hs4"),
    sourceSql: (rel) => `SELECT * FROM (${exportsOnlyHs4(rel)}) WHERE trade_value <> 0`,
  },
  {
    resource: "trade_world_hs4_exports_1995_2023_atlas",
    cube: cube("trade_i_atlas_a_world_hs4"),
    // XXXX is the Atlas's unspecified heading: stored as 9999 (Unspecified), as in the 2019 file.
    sourceSql: (rel) => `
      SELECT CAST(r.year AS SMALLINT) AS year, COALESCE(p.section_id, '99') AS section, COALESCE(p.hs2_id, left(r.code, 2)) AS hs2, r.code AS hs4,
        CAST(r.export_value AS DOUBLE) AS trade_value
      FROM (SELECT *, CASE WHEN upper(hs4) = 'XXXX' THEN '9999' ELSE hs4 END AS code FROM ${ident(rel)}) r
      LEFT JOIN dim_hs4 p ON p.id = r.code
      WHERE CAST(r.export_value AS DOUBLE) <> 0`,
  },
  {
    resource: "trade_bilateral_hs4_1989_1990",
    cube: cube("trade_i_comtrade_a_hs4_sample"),
    sourceSql: (rel) => `
      SELECT CAST(r.year AS SMALLINT) AS year,
        r.reporter AS exporter, ${continentOf("r", "reporter")} AS exporter_continent,
        r.partner AS importer, ${continentOf("r", "partner")} AS importer_continent,
        COALESCE(p.section_id, '99') AS section, COALESCE(p.hs2_id, left(r.hs4, 2)) AS hs2, r.hs4 AS hs4,
        CAST(r.export_value AS DOUBLE) AS trade_value, CAST(r.quantity AS DOUBLE) AS quantity
      FROM ${ident(rel)} r LEFT JOIN dim_hs4 p ON p.id = r.hs4
      WHERE CAST(r.export_value AS DOUBLE) <> 0`,
  },
  {
    resource: "services_2016",
    cube: cube("services_i_comtrade_a_eb02"),
    memberTables: ["dim_services"],
    sourceSql: (rel) => `
      SELECT CAST(r.year AS SMALLINT) AS year, r.country AS exporter, ${continentOf("r", "country")} AS exporter_continent,
        r.service_code AS service, CAST(r.export_value AS DOUBLE) AS trade_value
      FROM ${ident(rel)} r`,
    async dimensions(conn, rel) {
      // The package names EBOPS categories only in English; Spanish and Chinese come from the
      // classification's own editions (names/ebops2002.ts). A code missing there falls back and says so.
      const names = Object.entries(EBOPS2002_NAMES)
        .map(([code, n]) => `(${literal(code)}, ${literal(n.es)}, ${literal(n.zh)})`)
        .join(", ");
      await conn.run(`CREATE OR REPLACE TABLE dim_services AS
        WITH names(code, es, zh) AS (VALUES ${names}),
        services AS (
          SELECT service_code AS id, any_value(service_name_en) AS name_en, any_value(CAST(ebops2002_code AS VARCHAR)) AS ebops2002_code
          FROM ${ident(rel)} GROUP BY service_code
        )
        SELECT s.id, ${localisedNames("s.name_en", "n.es", "n.zh")}, s.ebops2002_code
        FROM services s LEFT JOIN names n ON n.code = s.ebops2002_code
        ORDER BY TRY_CAST(s.id AS INTEGER)`);
    },
  },
  {
    resource: "subnational_esp_province_section_2022",
    cube: cube("trade_s_esp_a_hs"),
    memberTables: ["dim_esp_provinces", "map_esp_province_community", "dim_esp_communities"],
    sourceSql: (rel) => `
      SELECT CAST(r.year AS SMALLINT) AS year, COALESCE(m.community, ${ESP_UNASSIGNED_COMMUNITY.id}::SMALLINT) AS community,
        CAST(r.province_id AS SMALLINT) AS province, CAST(r.section AS VARCHAR) AS section, CAST(r.export_value AS DOUBLE) AS trade_value
      FROM ${ident(rel)} r LEFT JOIN map_esp_province_community m ON m.province = CAST(r.province_id AS SMALLINT)`,
    async dimensions(conn, rel) {
      // Province names are Spanish proper names, used as-is in English and Spanish; Chinese falls back.
      await conn.run(`CREATE OR REPLACE TABLE dim_esp_provinces AS
        SELECT CAST(province_id AS SMALLINT) AS id, any_value(province_name) AS name_en, any_value(province_name) AS name_es,
          any_value(province_name) AS name_zh, false AS name_es_fallback, true AS name_zh_fallback
        FROM ${ident(rel)} GROUP BY province_id ORDER BY id`);
      // Autonomous communities (and the autonomous cities) from the INE grouping of provinces.
      const pairs = ESP_COMMUNITIES.flatMap((c) => c.provinces.map((p) => `(${p}::SMALLINT, ${c.id}::SMALLINT)`)).join(", ");
      await conn.run(`CREATE OR REPLACE TABLE map_esp_province_community AS SELECT * FROM (VALUES ${pairs}) AS t(province, community) ORDER BY province`);
      const communities = [...ESP_COMMUNITIES, { ...ESP_UNASSIGNED_COMMUNITY, ine: null, kind: "unassigned" }]
        .map((c) => `(${c.id}::SMALLINT, ${literal(c.name.en)}, ${literal(c.name.es)}, ${literal(c.name.zh)}, ${c.ine === null ? "NULL" : literal(c.ine)}, ${literal(c.kind)}, ${ESP_COMMUNITY_FEATURE[c.id] ?? "NULL"})`)
        .join(", ");
      await conn.run(`CREATE OR REPLACE TABLE dim_esp_communities AS
        SELECT id, name_en, name_es, name_zh, false AS name_es_fallback, false AS name_zh_fallback, ine, kind, CAST(geo_id AS SMALLINT) AS geo_id
        FROM (VALUES ${communities}) AS t(id, name_en, name_es, name_zh, ine, kind, geo_id) ORDER BY id`);
    },
  },
  {
    resource: "subnational_aus_state_ahecc8_1988_2023",
    // Member resources first in the import order (so foreign keys are checked); both optional here.
    extraResources: ["subnational_aus_states", "subnational_aus_ahecc8_codes"],
    cube: cube("trade_s_aus_a_hs"),
    memberTables: ["dim_aus_states", "dim_aus_hs2", "dim_aus_hs4", "dim_aus_hs6"],
    // AHECC 8-digit codes summed to their first 6 digits (HS6); section from the HS2 ranges (map_hs2_section).
    sourceSql: (rel) => `
      SELECT CAST(r.year AS SMALLINT) AS year, r.state AS state, COALESCE(m.section_id, '99') AS section,
        left(r.ahecc8, 2) AS hs2, left(r.ahecc8, 4) AS hs4, left(r.ahecc8, 6) AS hs6,
        SUM(CAST(r.export_value_aud AS DOUBLE)) AS trade_value_aud
      FROM ${ident(rel)} r LEFT JOIN map_hs2_section m ON m.hs2 = left(r.ahecc8, 2)
      GROUP BY ALL`,
    async dimensions(conn, rel, extra) {
      await ausStates(conn, rel, extra);
      await ausProducts(conn, rel, extra.subnational_aus_ahecc8_codes);
    },
  },
  {
    resource: "subnational_aus_state_services_1999_2022",
    extraResources: ["subnational_aus_states"],
    cube: cube("services_s_aus_a_categories"),
    memberTables: ["dim_aus_states", "dim_aus_services"],
    sourceSql: (rel) => `
      SELECT CAST(r.year AS SMALLINT) AS year, r.state AS state, r.service_category AS service,
        CAST(r.export_value_aud AS DOUBLE) AS trade_value_aud
      FROM ${ident(rel)} r`,
    async dimensions(conn, rel, extra) {
      // The goods cube writes dim_aus_states too; whichever runs, the table is the same.
      await ausStates(conn, rel, extra);
      const names = AUS_SERVICE_NAMES.map((n) => `(${n.map(literal).join(", ")}, ${AUS_SERVICE_NAMES.indexOf(n) + 1})`).join(", ");
      await conn.run(`CREATE OR REPLACE TABLE dim_aus_services AS
        WITH names(id, en, es, zh, ord) AS (VALUES ${names}),
        ids AS (SELECT DISTINCT service_category AS id FROM ${ident(rel)})
        SELECT i.id, COALESCE(n.en, i.id) AS name_en, COALESCE(n.es, n.en, i.id) AS name_es, COALESCE(n.zh, n.en, i.id) AS name_zh,
          n.es IS NULL AS name_es_fallback, n.zh IS NULL AS name_zh_fallback, COALESCE(n.ord, 99) AS ord
        FROM ids i LEFT JOIN names n ON n.id = i.id ORDER BY COALESCE(n.ord, 99), i.id`);
    },
  },
  {
    // One row per shipment; company names stay out of the warehouse. The chapter is the declared
    // code's first two digits (its section from the HS2 table; 99 when unknown).
    resource: "bill_of_lading",
    cube: cube("trade_i_bol_a_shipments"),
    sourceSql: (rel) => `
      SELECT CAST(year(CAST(r.arrival_date AS DATE)) AS SMALLINT) AS year,
        r.origin AS exporter, ${continentOf("r", "origin")} AS exporter_continent,
        r.destination AS importer, ${continentOf("r", "destination")} AS importer_continent,
        COALESCE(h.section_id, '99') AS section, COALESCE(NULLIF(r.chapter, ''), '99') AS hs2,
        1 AS shipments, TRY_CAST(r.weight_kg AS DOUBLE) AS weight_kg, TRY_CAST(r.value_usd AS DOUBLE) AS value_usd
      FROM (
        SELECT *, lower(origin_country) AS origin, lower(destination_country) AS destination,
          left(regexp_replace(COALESCE(CAST(hs_code AS VARCHAR), ''), '[^0-9]', '', 'g'), 2) AS chapter
        FROM ${ident(rel)}
      ) r
      LEFT JOIN dim_hs2 h ON h.id = r.chapter`,
  },
  {
    resource: "indicators_country_year",
    cube: cube("indicators_i_wdi_a"),
    sourceSql: (rel) => `
      SELECT CAST(r.year AS SMALLINT) AS year, r.iso3 AS country, ${continentOf("r", "iso3")} AS continent,
        CAST(r.gdp AS DOUBLE) AS gdp, CAST(r.population AS DOUBLE) AS population,
        CASE WHEN r.gdp IS NOT NULL THEN CAST(r.population AS DOUBLE) END AS population_with_gdp
      FROM ${ident(rel)} r`,
  },
];

export async function buildPackageCube(
  conn: DuckDBConnection,
  source: PackageCubeSource,
  rel: string,
  extra: Readonly<Record<string, string>> = {},
): Promise<TableStats[]> {
  if (source.dimensions) await source.dimensions(conn, rel, extra);
  return createCubeTables(conn, source.cube, source.sourceSql(rel, extra));
}
