import { describe, expect, it } from "vitest";
import { GET as oldGeoRoute } from "@/app/api/geo/[name]/route";

describe("GET /api/geo/<name>", () => {
  it("sends the old /api/geo addresses to it (308), and refuses what cannot be a map", async () => {
    const moved = await oldGeoRoute(new Request("http://localhost/api/geo/world_countries_110m.topojson"), { params: Promise.resolve({ name: "world_countries_110m.topojson" }) });
    expect(moved.status).toBe(308);
    expect(moved.headers.get("location")).toBe("/api/assets/world_countries_110m.topojson");
    const bad = await oldGeoRoute(new Request("http://localhost/api/geo/x"), { params: Promise.resolve({ name: "../secret" }) });
    expect(bad.status).toBe(404);
  });
});
