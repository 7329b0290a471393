/**
 * Maps and the product-space layout stay files in the data package (they are served as static,
 * cacheable assets, not queried). Only files the package declares can be resolved, so a route can
 * pass a user-supplied name here without risking path traversal.
 */
import "server-only";
import fs from "node:fs";
import { loadDataPackage, type LoadedPackage, type Resource } from "@/server/datapackage/datapackage";
import { resolveDataDir } from "./config";
import { keyedValue } from "@/server/processState";

export interface DataAsset {
  /** Resource name in datapackage.json, e.g. "geo_world_countries_50m". */
  name: string;
  /** Path inside the package, e.g. "geo/world_countries_50m.topojson". */
  relativePath: string;
  absolutePath: string;
  mediaType: string;
  bytes: number;
  kind: "map" | "product_space";
}

function currentPackage(): LoadedPackage | null {
  const { dir } = resolveDataDir();
  if (!dir) return null;
  try {
    // Per package directory and datapackage.json version, shared by every bundle (processState).
    const mtimeMs = fs.statSync(`${dir}/datapackage.json`).mtimeMs;
    return keyedValue<LoadedPackage>("warehouse/assets:package", `${dir}:${mtimeMs}`, () => loadDataPackage(dir));
  } catch {
    return null;
  }
}

function assetKind(resource: Resource): DataAsset["kind"] | null {
  if (/^geo\/[a-z0-9_]+\.(topojson|geojson)$/.test(resource.path)) return "map";
  if (resource.name === "product_space_hs4" || /^product_space[a-z0-9_]*\.json$/.test(resource.path)) return "product_space";
  return null;
}

function toAsset(pkg: LoadedPackage, resource: Resource): DataAsset | null {
  const kind = assetKind(resource);
  if (!kind) return null;
  try {
    const absolutePath = pkg.filePath(resource);
    const stat = fs.statSync(absolutePath);
    if (!stat.isFile()) return null;
    const mediaType = resource.path.endsWith(".geojson")
      ? "application/geo+json"
      : "application/json";
    return { name: resource.name, relativePath: resource.path, absolutePath, mediaType, bytes: stat.size, kind };
  } catch {
    return null;
  }
}

/** All maps and layouts the current data package provides. */
export function listDataAssets(): DataAsset[] {
  const pkg = currentPackage();
  if (!pkg) return [];
  return pkg.descriptor.resources.map((r) => toAsset(pkg, r)).filter((a): a is DataAsset => a !== null);
}

/**
 * Resolves a map or layout by resource name ("geo_esp_provinces"), package path
 * ("geo/esp_provinces.topojson") or file name ("esp_provinces.topojson"). Null when unknown.
 */
export function resolveDataAsset(nameOrPath: string): DataAsset | null {
  if (typeof nameOrPath !== "string" || nameOrPath.length > 200) return null;
  const wanted = nameOrPath.replace(/^\/+/, "");
  return (
    listDataAssets().find(
      (a) => a.name === wanted || a.relativePath === wanted || a.relativePath === `geo/${wanted}` || a.relativePath === wanted.replace(/^data\//, ""),
    ) ?? null
  );
}

export function productSpaceAsset(): DataAsset | null {
  return resolveDataAsset("product_space_hs4");
}

/** The map file for a country and level, e.g. ("esp", "provinces"), or the world ("world", "countries_50m"). */
export function mapAsset(country: string, level: string): DataAsset | null {
  if (!/^[a-z]{3,5}$/.test(country) || !/^[a-z0-9_]{2,40}$/.test(level)) return null;
  return resolveDataAsset(`geo/${country}_${level}.topojson`) ?? resolveDataAsset(`geo/${country}_${level}.geojson`);
}
