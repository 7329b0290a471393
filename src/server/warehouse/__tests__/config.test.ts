import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { mapAsset, productSpaceAsset, resolveDataAsset, listDataAssets } from "../assets";
import { dataDirCandidates, resolveDataDir, runtimeSettings, warehousePath, warehouseStatus } from "../config";
import { TINY_PACKAGE, tempDir } from "./helpers";

const saved = { ...process.env };
afterEach(() => {
  for (const key of ["TRADE_DATA_DIR", "WAREHOUSE_PATH", "PROJECT_ROOT", "WAREHOUSE_MEMORY_LIMIT", "WAREHOUSE_CACHE_ENTRIES"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe("paths", () => {
  it("defaults to data/package then ../shared/data under the project root", () => {
    delete process.env.TRADE_DATA_DIR;
    delete process.env.WAREHOUSE_PATH;
    process.env.PROJECT_ROOT = "/srv/app";
    expect(dataDirCandidates()).toEqual(["/srv/app/data/package", "/srv/shared/data"]);
    expect(warehousePath()).toBe("/srv/app/data/warehouse.duckdb");
  });

  it("TRADE_DATA_DIR and WAREHOUSE_PATH win, relative to the project root", () => {
    process.env.PROJECT_ROOT = "/srv/app";
    process.env.TRADE_DATA_DIR = "pkg";
    process.env.WAREHOUSE_PATH = "/var/w.duckdb";
    expect(resolveDataDir()).toEqual({ dir: null, lookedIn: ["/srv/app/pkg"] });
    expect(warehousePath()).toBe("/var/w.duckdb");
  });

  it("finds a folder with a datapackage.json", () => {
    process.env.TRADE_DATA_DIR = TINY_PACKAGE;
    expect(resolveDataDir().dir).toBe(TINY_PACKAGE);
  });

  it("warehouseStatus says whether the file exists and where data was looked for", () => {
    const dir = tempDir();
    process.env.WAREHOUSE_PATH = path.join(dir, "w.duckdb");
    process.env.TRADE_DATA_DIR = path.join(dir, "none");
    expect(warehouseStatus()).toEqual({ available: false, path: path.join(dir, "w.duckdb"), lookedIn: [path.join(dir, "none")], dataDir: null });
    fs.writeFileSync(path.join(dir, "w.duckdb"), "x");
    const status = warehouseStatus();
    expect(status.available).toBe(true);
    expect(status.builtAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("ignores malformed runtime settings", () => {
    process.env.WAREHOUSE_MEMORY_LIMIT = "lots; DROP";
    process.env.WAREHOUSE_CACHE_ENTRIES = "-3";
    expect(runtimeSettings()).toMatchObject({ memoryLimit: "2GB", cacheEntries: 5000 });
  });
});

describe("static data assets", () => {
  it("resolves maps and the product space declared by the package, nothing else", () => {
    process.env.TRADE_DATA_DIR = TINY_PACKAGE;
    const map = resolveDataAsset("geo_ury_corridors");
    expect(map).toMatchObject({ kind: "map", relativePath: "geo/ury_corridors.topojson", mediaType: "application/json" });
    expect(fs.existsSync(map!.absolutePath)).toBe(true);
    expect(resolveDataAsset("geo/ury_corridors.topojson")?.name).toBe("geo_ury_corridors");
    expect(mapAsset("ury", "corridors")?.name).toBe("geo_ury_corridors");
    expect(productSpaceAsset()).toMatchObject({ kind: "product_space", relativePath: "product_space_hs4.json" });
    expect(resolveDataAsset("countries.csv")).toBeNull();
    expect(resolveDataAsset("../datapackage.json")).toBeNull();
    expect(resolveDataAsset("geo/../../../etc/passwd")).toBeNull();
    expect(mapAsset("../x", "y")).toBeNull();
    expect(listDataAssets().map((a) => a.name).sort()).toEqual(["geo_ury_corridors", "product_space_hs4"]);
  });

  it("returns nothing when there is no data package", () => {
    process.env.TRADE_DATA_DIR = path.join(tempDir(), "none");
    expect(listDataAssets()).toEqual([]);
    expect(productSpaceAsset()).toBeNull();
  });
});
