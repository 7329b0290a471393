import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * Layers (see docs/architecture.md): imports point down only,
 *   app -> features -> server -> domain.
 * Each layer lists what it may not import, by alias and by a relative path climbing out of src/.
 * A piece two layers need moves down; it is never imported sideways or up.
 */
function layerPattern(forbidden, why) {
  const names = forbidden.join("|");
  // Relative paths are checked for the folder names that exist nowhere inside a layer (there is a
  // src/domain/i18n, so `../i18n` may be legitimate): @/ is the house style anyway.
  const relative = forbidden.filter((name) => name !== "i18n").join("|");
  return {
    regex: `^(@/(${names})(/|$)|(\\.\\./)+(${relative})(/|$))`,
    message: `${why} (layers: app -> features -> server -> domain; move the shared piece down, see docs/architecture.md).`,
  };
}

/**
 * The warehouse engine seam (docs/architecture.md): only the DuckDB engine and the importer (which
 * writes DuckDB files) import the DuckDB client; everything else goes through src/server/warehouse/db.
 */
const ENGINE_PATTERN = {
  regex: "^@duckdb/",
  message: "Only src/server/warehouse/duckdb.ts (the engine) and src/server/etl (the importer) use DuckDB; go through src/server/warehouse/db (see docs/architecture.md).",
};
const engineFiles = (layer) => [
  `src/${layer}/**/*.test.{ts,tsx}`,
  `src/${layer}/**/__tests__/**`,
  ...(layer === "server" ? ["src/server/warehouse/duckdb.ts", "src/server/etl/**"] : []),
];

/**
 * Pages ask for meaning, not queries (docs/architecture.md): React features get typed rows from
 * named loaders (src/server/profiles, src/server/subnationalProfiles, src/server/catalog/*), never
 * from the warehouse's query client, registry or engine. Tests may reach the warehouse.
 */
const WAREHOUSE_PATTERN = {
  regex: "^(@/server/warehouse(/|$)|(\\.\\./)+server/warehouse(/|$))",
  message:
    "src/features asks for meaning, not queries: load data through a named loader in src/server/profiles (or src/server/catalog/status, members, complexity, cubes), never src/server/warehouse (see docs/architecture.md).",
};

/**
 * Named statements (src/server/warehouse/statements.ts) are the one way SQL outside the warehouse
 * reaches it, so a second engine has one list to implement: outside src/server/warehouse no module
 * opens a raw session (withWarehouse, the engine, its session type) or the DuckDB engine. Tests may.
 */
const STATEMENT_PATTERNS = [
  {
    regex: "^(@/server/warehouse|(\\.\\./)+(server/)?warehouse)/(db|engine)$",
    importNames: ["withWarehouse", "warehouseEngine", "WarehouseSession", "WarehouseEngine"],
    message:
      "SQL outside src/server/warehouse is a named statement: declare it with defineStatement in the module's statements.ts, list it in src/server/statementList.ts and run it with runStatement/withStatements (src/server/warehouse/statements.ts; see docs/architecture.md).",
  },
  {
    regex: "^(@/server/warehouse|(\\.\\./)+(server/)?warehouse)/duckdb$",
    message: "The DuckDB engine is reached through src/server/warehouse/db and named statements (src/server/warehouse/statements.ts), never directly.",
  },
];
/** The warehouse's own files: the only ones that open raw sessions. */
const STATEMENT_ALLOWLIST = ["src/server/warehouse/**"];

function layerRule(layer, forbidden, why, { engine = true, extra = [], allow = [] } = {}) {
  const patterns = [layerPattern(forbidden, why)];
  const rule = (list) => ({ "no-restricted-imports": ["error", { patterns: list }] });
  return [
    { files: [`src/${layer}/**/*.{ts,tsx,js,jsx,mjs}`], rules: rule([...patterns, ...(engine ? [ENGINE_PATTERN] : []), ...extra]) },
    // Files exempt from `extra` keep the layer (and engine) rule.
    ...(allow.length ? [{ files: allow, rules: rule([...patterns, ...(engine ? [ENGINE_PATTERN] : [])]) }] : []),
    // The engine's own files keep the layer rule without the DuckDB one.
    ...(engine ? [{ files: engineFiles(layer), rules: rule(patterns) }] : []),
  ];
}

const APP_STATEMENTS = {
  files: ["src/app/**/*.{ts,tsx,js,jsx,mjs}"],
  ignores: ["src/app/**/*.test.{ts,tsx}", "src/app/**/__tests__/**"],
  rules: { "no-restricted-imports": ["error", { patterns: [ENGINE_PATTERN, ...STATEMENT_PATTERNS] }] },
};

export const LAYER_RULES = [
  APP_STATEMENTS,
  ...layerRule("domain", ["app", "features", "server", "i18n"], "src/domain is pure TypeScript: it imports nothing of ours above it"),
  ...layerRule("server", ["app", "features"], "src/server never imports React features or routes", { extra: STATEMENT_PATTERNS, allow: STATEMENT_ALLOWLIST }),
  ...layerRule("features", ["app"], "src/features never imports routes", { extra: [WAREHOUSE_PATTERN] }),
];

/**
 * The names of the warehouse's cubes, levels and measures that a page would need to write a
 * query: none appears as a string in src/features (loaders in src/server hand typed rows). The
 * same list is what tests/unit/featuresSpeakMeaning.test.ts greps for.
 */
export const QUERY_NAMES = ["Trade Value", "Exporter Country", "Importer Country", "HS4", "HS6", "Section"];
const QUERY_NAME_RE = `^(${QUERY_NAMES.join("|")})$`;
const CUBE_NAME_RE = "^(trade|services|complexity)_[a-z]+_[a-z0-9_]+$";
const QUERY_NAME_MESSAGE = "src/features names no cube, level or measure: take typed rows from a named loader in src/server/profiles (see docs/architecture.md).";

const MEANING_NOT_QUERIES = {
  files: ["src/features/**/*.{ts,tsx}"],
  ignores: ["src/features/**/*.test.{ts,tsx}", "src/features/**/__tests__/**"],
  rules: {
    "no-restricted-syntax": [
      "error",
      { selector: `Literal[value=/${QUERY_NAME_RE}/]`, message: QUERY_NAME_MESSAGE },
      { selector: `TemplateElement[value.raw=/${QUERY_NAME_RE}/]`, message: QUERY_NAME_MESSAGE },
      { selector: `Literal[value=/${CUBE_NAME_RE}/]`, message: QUERY_NAME_MESSAGE },
    ],
  },
};

/** One settings module reads the environment (src/server/settings.ts); see its header for the exceptions. */
const ONE_SETTINGS_MODULE = {
  files: ["src/**/*.{ts,tsx}"],
  ignores: [
    "src/server/settings.ts",
    "src/features/shell/support.ts", // NEXT_PUBLIC_* values: literal, for Next's inlining
    "src/instrumentation.ts", // NEXT_RUNTIME, before any server module may load
    "src/**/*.test.{ts,tsx}",
    "src/**/__tests__/**",
    "src/**/test-support/**",
  ],
  rules: {
    "no-restricted-properties": [
      "error",
      { object: "process", property: "env", message: "Read settings through src/server/settings.ts (validated once, documented in README.md)." },
    ],
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  ...LAYER_RULES,
  ONE_SETTINGS_MODULE,
  MEANING_NOT_QUERIES,
  {
    ignores: [".next/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", ".cache/**"],
  },
];

export default config;
