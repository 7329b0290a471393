import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  communityFeatureValues,
  communityOfProvince,
  ESP_COMMUNITIES,
  ESP_COMMUNITY_FEATURE,
  ESP_UNASSIGNED_COMMUNITY,
  espCommunity,
  parseEspCommunityId,
} from "./espCommunities";

const GEO = path.resolve(__dirname, "../../../../shared/data/geo");
interface Topology {
  objects: Record<string, { geometries: { properties: { id: number; name: string } }[] }>;
}
const features = (file: string) => {
  const full = path.join(GEO, file);
  if (!fs.existsSync(full)) return null;
  const topo = JSON.parse(fs.readFileSync(full, "utf8")) as Topology;
  return Object.values(topo.objects).flatMap((o) => o.geometries.map((g) => g.properties));
};

describe("Spain's provinces in autonomous communities", () => {
  it("puts the 52 INE provinces in 17 communities plus Ceuta and Melilla, each province once", () => {
    const provinces = ESP_COMMUNITIES.flatMap((c) => c.provinces);
    expect(provinces.length).toBe(52);
    expect([...provinces].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i + 1));
    expect(ESP_COMMUNITIES.filter((c) => c.kind === "community").length).toBe(17);
    expect(ESP_COMMUNITIES.filter((c) => c.kind === "city").map((c) => c.name.es)).toEqual(["Ceuta", "Melilla"]);
    expect(new Set(ESP_COMMUNITIES.map((c) => c.ine)).size).toBe(19);
  });

  it("answers a province's community, and none for province 99 or nonsense", () => {
    expect(communityOfProvince(8)?.name.es).toBe("Cataluña");
    expect(communityOfProvince(28)?.id).toBe(108);
    expect(communityOfProvince(99)).toBeNull();
    expect(communityOfProvince(0)).toBeNull();
    expect(communityOfProvince(Number.NaN)).toBeNull();
    expect(ESP_UNASSIGNED_COMMUNITY.provinces).toEqual([99]);
  });

  it("parses community ids from URL segments and rejects anything else", () => {
    expect(parseEspCommunityId("107")).toBe(107);
    expect(parseEspCommunityId(" 119 ")).toBe(119);
    for (const bad of ["", "100", "120", "1e2", "abc", "107; drop", "<script>", null, undefined, "1".repeat(400)]) expect(parseEspCommunityId(bad)).toBeNull();
    expect(espCommunity(999)).toBeNull();
  });

  it("uses the ids and names of geo/esp_autonomous.topojson, drawing Ceuta and Melilla in its one feature", () => {
    const geo = features("esp_autonomous.topojson");
    if (!geo) return;
    expect(geo.length).toBe(18);
    for (const f of geo) {
      const drawn = ESP_COMMUNITIES.filter((c) => ESP_COMMUNITY_FEATURE[c.id] === f.id);
      expect(drawn.length).toBeGreaterThan(0);
      if (f.id !== 118) expect(drawn.map((c) => c.name.es)).toEqual([f.name]);
    }
    expect(ESP_COMMUNITIES.filter((c) => ESP_COMMUNITY_FEATURE[c.id] === 118).map((c) => c.name.es)).toEqual(["Ceuta", "Melilla"]);
    expect(communityFeatureValues([{ id: 118, value: 2 }, { id: 119, value: 3 }, { id: 101, value: 1 }, { id: 5, value: 9 }])).toEqual([
      { id: 118, value: 5 },
      { id: 101, value: 1 },
    ]);
  });

  it("maps every province of geo/esp_provinces.topojson", () => {
    const geo = features("esp_provinces.topojson");
    if (!geo) return;
    expect(geo.length).toBe(52);
    for (const f of geo) expect(communityOfProvince(Number(f.id))).not.toBeNull();
  });
});
