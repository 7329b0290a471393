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

function layerRule(layer, forbidden, why, { engine = true } = {}) {
  const patterns = [layerPattern(forbidden, why)];
  const rule = (list) => ({ "no-restricted-imports": ["error", { patterns: list }] });
  return [
    { files: [`src/${layer}/**/*.{ts,tsx,js,jsx,mjs}`], rules: rule(engine ? [...patterns, ENGINE_PATTERN] : patterns) },
    // The engine's own files keep the layer rule without the DuckDB one.
    ...(engine ? [{ files: engineFiles(layer), rules: rule(patterns) }] : []),
  ];
}

export const LAYER_RULES = [
  ...layerRule("domain", ["app", "features", "server", "i18n"], "src/domain is pure TypeScript: it imports nothing of ours above it"),
  ...layerRule("server", ["app", "features"], "src/server never imports React features or routes"),
  ...layerRule("features", ["app"], "src/features never imports routes"),
];

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
  {
    ignores: [".next/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", ".cache/**"],
  },
];

export default config;
