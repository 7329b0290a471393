/**
 * The subset of the Frictionless Data Package / Table Schema specs the importer relies on,
 * validated with zod so a malformed descriptor fails with a clear message instead of odd SQL.
 */
import "server-only";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const constraintsSchema = z
  .object({
    required: z.boolean().optional(),
    unique: z.boolean().optional(),
    pattern: z.string().optional(),
    enum: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
    minimum: z.union([z.number(), z.string()]).optional(),
    maximum: z.union([z.number(), z.string()]).optional(),
    minLength: z.number().int().optional(),
    maxLength: z.number().int().optional(),
  })
  .loose();

export const FIELD_TYPES = [
  "string",
  "integer",
  "number",
  "boolean",
  "date",
  "datetime",
  "year",
  "any",
  "object",
  "array",
  "time",
  "yearmonth",
  "duration",
  "geopoint",
  "geojson",
] as const;

const fieldSchema = z
  .object({
    name: z.string().min(1),
    type: z.enum(FIELD_TYPES).default("string"),
    format: z.string().optional(),
    description: z.string().optional(),
    constraints: constraintsSchema.optional(),
    trueValues: z.array(z.string()).optional(),
    falseValues: z.array(z.string()).optional(),
  })
  .loose();

const foreignKeySchema = z.object({
  fields: z.union([z.string(), z.array(z.string())]),
  reference: z.object({
    resource: z.string(),
    fields: z.union([z.string(), z.array(z.string())]),
  }),
});

const tableSchemaSchema = z
  .object({
    fields: z.array(fieldSchema).min(1),
    primaryKey: z.union([z.string(), z.array(z.string())]).optional(),
    foreignKeys: z.array(foreignKeySchema).optional(),
    missingValues: z.array(z.string()).optional(),
  })
  .loose();

const resourceSchema = z
  .object({
    name: z.string().regex(/^[a-z0-9._-]+$/, "resource names are lower-case letters, digits, '.', '_' or '-'"),
    path: z.string().min(1),
    title: z.string().optional(),
    format: z.string().optional(),
    mediatype: z.string().optional(),
    compression: z.string().optional(),
    encoding: z.string().optional(),
    profile: z.string().optional(),
    rowCount: z.number().int().nonnegative().optional(),
    bytes: z.number().int().nonnegative().optional(),
    hash: z.string().optional(),
    schema: tableSchemaSchema.optional(),
    dialect: z
      .object({ delimiter: z.string().length(1).optional(), header: z.boolean().optional(), quoteChar: z.string().optional() })
      .loose()
      .optional(),
    sources: z.array(z.object({ title: z.string().optional(), path: z.string().optional(), license: z.string().optional() }).loose()).optional(),
  })
  .loose();

export const dataPackageSchema = z
  .object({
    name: z.string().optional(),
    title: z.string().optional(),
    version: z.string().optional(),
    resources: z.array(resourceSchema).min(1),
  })
  .loose();

export type DataPackage = z.infer<typeof dataPackageSchema>;
export type Resource = z.infer<typeof resourceSchema>;
export type Field = z.infer<typeof fieldSchema>;
export type TableSchema = z.infer<typeof tableSchemaSchema>;

export class DataPackageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DataPackageError";
  }
}

export interface LoadedPackage {
  dir: string;
  descriptor: DataPackage;
  resource(name: string): Resource | undefined;
  /** Absolute path of a resource's file; refuses paths that escape the package folder. */
  filePath(resource: Resource): string;
}

export function loadDataPackage(dir: string): LoadedPackage {
  const descriptorPath = path.join(dir, "datapackage.json");
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(descriptorPath, "utf8"));
  } catch (error) {
    throw new DataPackageError(`${descriptorPath}: cannot read JSON (${(error as Error).message})`);
  }
  const parsed = dataPackageSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 10)
      .map((issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("\n");
    throw new DataPackageError(`${descriptorPath} is not a valid data package:\n${issues}`);
  }
  const descriptor = parsed.data;
  const root = path.resolve(dir);
  const byName = new Map(descriptor.resources.map((r) => [r.name, r]));
  return {
    dir: root,
    descriptor,
    resource: (name) => byName.get(name),
    filePath(resource) {
      const full = path.resolve(root, resource.path);
      if (full !== root && !full.startsWith(root + path.sep)) {
        throw new DataPackageError(`resource ${resource.name}: path ${resource.path} points outside the package`);
      }
      return full;
    },
  };
}

export function asList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function isParquet(resource: Resource): boolean {
  return resource.format === "parquet" || /\.parquet$/i.test(resource.path);
}

export function isCsv(resource: Resource): boolean {
  return resource.format === "csv" || /\.csv(\.gz)?$/i.test(resource.path);
}
