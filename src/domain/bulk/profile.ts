/**
 * The rules of the Frictionless Data Package profile (v1, `profile: "data-package"`, the JSON
 * Schema frictionless validators apply) that a descriptor like ours can break: name patterns,
 * licences (an identifier, not prose), sources, resources (name, path, hash, bytes, media type),
 * and Table Schema field types. The export checks its datapackage.json with it before writing.
 */
import { LICENCE_NAME_PATTERN } from "./licence";

/** Package and resource names: lower case, digits, `.`, `_`, `-`, `/`. */
export const PACKAGE_NAME_PATTERN = /^([-a-z0-9._/])+$/;
/** `algorithm:hex`, or a bare MD5. */
const HASH_PATTERN = /^([^:]+:[a-fA-F0-9]+|[a-fA-F0-9]{32}|)$/;
const MEDIATYPE_PATTERN = /^(.+)\/(.+)$/;
/** RFC 3339 date-time, as JSON Schema's `date-time` format. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** Table Schema field types. */
const FIELD_TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "date", "time", "datetime", "year", "yearmonth", "duration", "geopoint", "geojson", "any"]);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** What keeps `descriptor` from passing the profile; empty when it passes. */
export function dataPackageProblems(descriptor: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(descriptor)) return ["the descriptor is not an object"];
  const text = (value: unknown, where: string) => {
    if (value !== undefined && typeof value !== "string") problems.push(`${where} is not a string`);
  };
  if (descriptor.name !== undefined && !(typeof descriptor.name === "string" && PACKAGE_NAME_PATTERN.test(descriptor.name))) problems.push(`name "${String(descriptor.name)}" does not match ${PACKAGE_NAME_PATTERN}`);
  for (const key of ["profile", "id", "title", "description"]) text(descriptor[key], key);
  if (descriptor.created !== undefined && !(typeof descriptor.created === "string" && DATE_TIME.test(descriptor.created))) problems.push("created is not an RFC 3339 date-time");
  const list = (key: string): unknown[] | null => {
    const value = descriptor[key];
    if (value === undefined) return null;
    if (!Array.isArray(value) || value.length === 0) {
      problems.push(`${key} must be a non-empty array`);
      return null;
    }
    return value;
  };
  list("licenses")?.forEach((licence, i) => {
    if (!isObject(licence)) return void problems.push(`licenses[${i}] is not an object`);
    if (licence.name === undefined && licence.path === undefined) problems.push(`licenses[${i}] has neither name nor path`);
    if (licence.name !== undefined && !(typeof licence.name === "string" && LICENCE_NAME_PATTERN.test(licence.name))) problems.push(`licenses[${i}].name "${String(licence.name)}" is not a licence identifier (${LICENCE_NAME_PATTERN})`);
    text(licence.path, `licenses[${i}].path`);
    text(licence.title, `licenses[${i}].title`);
  });
  list("sources")?.forEach((source, i) => {
    if (!isObject(source) || typeof source.title !== "string") problems.push(`sources[${i}] needs a title`);
    else text(source.path, `sources[${i}].path`);
  });
  const resources = list("resources");
  if (!resources) problems.push("resources must be a non-empty array");
  resources?.forEach((resource, i) => {
    const where = `resources[${i}]`;
    if (!isObject(resource)) return void problems.push(`${where} is not an object`);
    if (!(typeof resource.name === "string" && PACKAGE_NAME_PATTERN.test(resource.name))) problems.push(`${where}.name "${String(resource.name)}" does not match ${PACKAGE_NAME_PATTERN}`);
    const paths = Array.isArray(resource.path) ? resource.path : [resource.path];
    if (resource.path === undefined && resource.data === undefined) problems.push(`${where} has neither path nor data`);
    for (const p of resource.path === undefined ? [] : paths) {
      // A path is a URL or a relative POSIX path that stays inside the package.
      if (typeof p !== "string" || !p || (!/^https?:\/\//.test(p) && (p.startsWith("/") || p.split("/").includes("..")))) problems.push(`${where}.path "${String(p)}" is not a URL or a relative path inside the package`);
    }
    if (resource.hash !== undefined && !(typeof resource.hash === "string" && HASH_PATTERN.test(resource.hash))) problems.push(`${where}.hash is not algorithm:hex`);
    if (resource.bytes !== undefined && !Number.isInteger(resource.bytes)) problems.push(`${where}.bytes is not an integer`);
    if (resource.mediatype !== undefined && !(typeof resource.mediatype === "string" && MEDIATYPE_PATTERN.test(resource.mediatype))) problems.push(`${where}.mediatype is not type/subtype`);
    for (const key of ["format", "encoding", "title", "description"]) text(resource[key], `${where}.${key}`);
    if (resource.schema !== undefined) {
      const schema = resource.schema;
      if (!isObject(schema) || !Array.isArray(schema.fields) || schema.fields.length === 0) return void problems.push(`${where}.schema needs fields`);
      schema.fields.forEach((field, j) => {
        if (!isObject(field) || typeof field.name !== "string") problems.push(`${where}.schema.fields[${j}] needs a name`);
        else if (field.type !== undefined && !FIELD_TYPES.has(String(field.type))) problems.push(`${where}.schema.fields[${j}].type "${String(field.type)}" is not a Table Schema type`);
      });
    }
  });
  return problems;
}
