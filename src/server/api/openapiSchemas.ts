/**
 * The components of the OpenAPI document: the security schemes, the shared answer bodies, and one
 * schema per cube (its levels with their id formats, its measures, an example query).
 */
import "server-only";
import { cubeLevels, type CubeDef, type LevelDef } from "@/server/warehouse/registry";
import type { DocContext, Json } from "./openapiCommon";

function idSchema(level: LevelDef): Json {
  return level.id.type === "integer"
    ? { type: "integer", minimum: level.id.min, maximum: level.id.max, examples: [Number(level.id.example)] }
    : { type: "string", pattern: level.id.pattern.source, examples: [level.id.example] };
}

/** A query on a cube that answers with its default measure by its first level of its first dimension. */
export function exampleQuery(cube: CubeDef): string {
  const levels = cubeLevels(cube);
  // A stored index (ECI, RCA) is defined only at its grain: drill down by every level of it.
  const grain = cube.measures.find((m) => m.name === cube.defaultMeasure)?.grain?.filter((g) => g !== cube.timeLevel);
  const first = levels.find((l) => l.name !== cube.timeLevel) ?? levels[0];
  const drilldowns = grain && grain.length ? grain.join(",") : first.name;
  const params = new URLSearchParams({ cube: cube.name, drilldowns, time: "latest", limit: "5" });
  return `/api/data?${params.toString()}`;
}

/** One row of the cube's answers (/api/data `data[]`): a name and an id column per level, a column per measure. */
function cubeSchema(cube: CubeDef): Json {
  const properties: Record<string, Json> = {};
  for (const level of cubeLevels(cube)) {
    properties[level.name] = { type: "string", description: `${level.caption.en}: the member's name.` };
    properties[`${level.name} ID`] = { ...idSchema(level), description: `${level.caption.en}: the member's id.` };
  }
  for (const measure of cube.measures) properties[measure.name] = { type: ["number", "null"], description: `${measure.caption.en} (${measure.unit}).` };
  return {
    type: "object",
    title: cube.name,
    description: cube.description.en,
    properties,
    "x-levels": cubeLevels(cube).map((l) => ({ name: l.name, caption: l.caption.en, parent: l.parent, id: idSchema(l) })),
    "x-measures": cube.measures.map((m) => ({ name: m.name, caption: m.caption.en, unit: m.unit, default: m.name === cube.defaultMeasure, ...(m.grain ? { grain: m.grain } : {}) })),
    "x-time-level": cube.timeLevel,
    "x-example": exampleQuery(cube),
  };
}

/** The document's components: security schemes, shared bodies, and a schema per cube. */
export function apiComponents({ cubes, cubeNames }: DocContext): Json {
  return {
    securitySchemes: {
      bearerKey: { type: "http", scheme: "bearer", description: "An API key from the account page: `Authorization: Bearer oto_...`." },
      headerKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "The same key in its own header." },
    },
    schemas: {
      Error: {
        type: "object",
        required: ["error"],
        properties: {
          error: {
            type: "object",
            required: ["code", "message"],
            properties: { code: { type: "string", examples: ["unknown_parameter"] }, message: { type: "string" }, parameter: { type: "string" } },
          },
        },
      },
      DataResponse: {
        type: "object",
        required: ["data", "page", "columns", "source"],
        properties: {
          data: { type: "array", description: "One row per group; the row's columns are the cube's (one component schema per cube).", items: { anyOf: cubes.map((c) => ({ $ref: `#/components/schemas/${c.name}` })) } },
          page: { type: "object", required: ["limit", "offset", "total"], properties: { limit: { type: "integer" }, offset: { type: "integer" }, total: { type: "integer" } } },
          columns: { type: "array", items: { type: "string" } },
          source: {
            type: "object",
            properties: {
              cube: { type: "string" },
              years: { type: "array", items: { type: "integer" } },
              vintages: {
                type: "array",
                description:
                  "Per year the answer covers: the dataset and the release (vintage) of its source, as the data catalogue (/api/catalog) records them. Two years compare (growth, change, rank change) only when both dataset and vintage are the same: OTS HS4 holds 2017 from an older release (`ots_ec2019`) and 2018 from the 2018 extract (`ots_trd`).",
                items: {
                  type: "object",
                  required: ["year", "dataset", "vintage", "source"],
                  properties: {
                    year: { type: "integer" },
                    dataset: { type: "string", examples: ["ots_hs4"] },
                    vintage: { type: "string", examples: ["ots_trd", "ots_ec2019", "atlas_2019", "atlas_world_2026"] },
                    source: { type: "string", examples: ["ots"] },
                  },
                },
              },
              annotations: { type: "object" },
            },
          },
        },
      },
      TesseractError: {
        type: "object",
        description: "The Tesseract API's error body (the front door's own answers use Error).",
        required: ["error", "detail"],
        properties: { error: { type: "boolean", const: true }, detail: { type: "string" } },
      },
      TesseractCube: {
        type: "object",
        required: ["name", "caption", "dimensions", "measures"],
        properties: {
          name: { type: "string", enum: cubeNames },
          caption: { type: "string" },
          annotations: { type: "object" },
          dimensions: { type: "array", items: { type: "object", required: ["name", "hierarchies"], properties: { name: { type: "string" }, caption: { type: "string" }, type: { type: "string" }, default_hierarchy: { type: "string" }, hierarchies: { type: "array", items: { type: "object" } } } } },
          measures: { type: "array", items: { type: "object", required: ["name", "aggregator"], properties: { name: { type: "string" }, caption: { type: "string" }, aggregator: { type: "string" } } } },
        },
      },
      BulkPackage: {
        type: "object",
        description: "A Frictionless Data Package (profile data-package).",
        required: ["profile", "name", "generation", "resources"],
        properties: {
          profile: { type: "string" },
          name: { type: "string" },
          title: { type: "string" },
          generation: { type: "string", pattern: "^[0-9a-f]{16}$" },
          licenses: { type: "array", items: { type: "object" } },
          resources: {
            type: "array",
            items: {
              type: "object",
              required: ["path", "format", "bytes", "hash", "tier", "cube"],
              properties: {
                name: { type: "string" },
                path: { type: "string", description: "Relative to the package: `{tier}/{cube}/{file}`." },
                format: { type: "string" },
                bytes: { type: "integer", minimum: 0 },
                hash: { type: "string", description: "`sha256:<hex>`." },
                tier: { type: "string", enum: ["international", "national", "products"] },
                cube: { type: "string" },
                rows: { type: "integer", minimum: 0 },
              },
            },
          },
        },
      },
      ...Object.fromEntries(cubes.map((c) => [c.name, cubeSchema(c)])),
    },
  };
}
