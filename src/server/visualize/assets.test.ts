import { describe, expect, it } from "vitest";
import { handleAssetRequest } from "./assets";

const req = (headers: Record<string, string> = {}) => new Request("http://localhost/api/assets/x", { headers });

describe("GET /api/assets/<name>: the one route for maps and the product-space layout", () => {
  it("serves a declared map and the layout with long-lived cache headers, an ETag and 304", async () => {
    for (const name of ["world_countries_110m.topojson", "product_space_hs4.json"]) {
      const res = await handleAssetRequest(req(), name);
      if (res.status === 503) return; // no shared data package on this machine
      expect(res.status, name).toBe(200);
      expect(res.headers.get("cache-control")).toContain("max-age=604800");
      JSON.parse(await res.text());
      const again = await handleAssetRequest(req({ "if-none-match": res.headers.get("etag")! }), name);
      expect(again.status, name).toBe(304);
    }
  });

  it("answers 404 JSON for anything else, including path tricks", async () => {
    for (const name of ["../datapackage.json", "nope.topojson", "countries.csv", "%2e%2e", "world_countries_110m.topojson/x", "geo/world_countries_110m.topojson", "datapackage.json"]) {
      const res = await handleAssetRequest(req(), name);
      expect(res.status, name).toBe(404);
      expect((await res.json()).error.code).toBe("not_found");
    }
  });
});
