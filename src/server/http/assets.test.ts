import { describe, expect, it } from "vitest";
import { serveMapAsset } from "./assets";

const req = (headers: Record<string, string> = {}) => new Request("http://localhost/api/geo/x", { headers });

describe("GET /api/geo/<file>", () => {
  it("serves a declared map with long-lived cache headers and an ETag", async () => {
    const res = await serveMapAsset(req(), "world_countries_110m.topojson");
    if (res.status === 404) return; // no shared data package on this machine
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("max-age=86400");
    const body = JSON.parse(await res.text());
    expect(body.type).toBe("Topology");
    const again = await serveMapAsset(req({ "if-none-match": res.headers.get("etag")! }), "world_countries_110m.topojson");
    expect(again.status).toBe(304);
  });

  it("answers 404 JSON for anything else, including path tricks", async () => {
    for (const name of ["../datapackage.json", "nope.topojson", "countries.csv", "%2e%2e", "world_countries_110m.topojson/x"]) {
      const res = await serveMapAsset(req(), name);
      expect(res.status, name).toBe(404);
      expect((await res.json()).error.code).toBe("not_found");
    }
  });
});
