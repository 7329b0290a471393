import { describe, expect, it } from "vitest";
import { buildRegistry, CUBES, PACKAGE_CUBES, REGISTRY } from "@/server/warehouse/registry";
import { FAMILIES } from "@/server/warehouse/registry/families";
import type { CubeFamily } from "@/server/warehouse/registry/types";
import { FIXTURE_CUBE, FIXTURE_FAMILY } from "./fixtures/fixtureFamily";

describe("buildRegistry", () => {
  it("is the site's registry when given the site's families: package cubes first, then the others", () => {
    expect(REGISTRY.families).toBe(FAMILIES);
    expect(CUBES).toEqual(buildRegistry(FAMILIES).cubes);
    expect(CUBES.slice(0, PACKAGE_CUBES.length)).toEqual(PACKAGE_CUBES);
    expect(CUBES.slice(0, 3).map((c) => c.name)).toEqual(["trade_i_ots_a_sections", "trade_i_ots_a_hs4", "trade_i_atlas_a_hs4"]);
    expect(CUBES.at(-1)!.name).toMatch(/^complexity_rca_a_/);
    expect(REGISTRY.getCube(FIXTURE_CUBE.name)).toBeUndefined();
  });

  it("adds a family's cubes after the others' of the same kind, without touching the site's registry", () => {
    const withFixture = buildRegistry([FIXTURE_FAMILY, ...FAMILIES]);
    expect(withFixture.cubes.indexOf(FIXTURE_CUBE)).toBe(PACKAGE_CUBES.length);
    expect(withFixture.getCube(FIXTURE_CUBE.name)).toBe(FIXTURE_CUBE);
    expect(withFixture.cubes).toHaveLength(CUBES.length + 1);
    expect(CUBES).not.toContain(FIXTURE_CUBE);
  });

  it("refuses a family key, a cube name or a catalogue dataset declared twice", () => {
    const renamed = (key: string, cube = FIXTURE_CUBE): CubeFamily => ({ key, packageCubes: [], otherCubes: [cube] });
    expect(() => buildRegistry([FIXTURE_FAMILY, FIXTURE_FAMILY])).toThrow('family "fixture" is declared twice');
    expect(() => buildRegistry([FIXTURE_FAMILY, renamed("other")])).toThrow(`cube "${FIXTURE_CUBE.name}" is declared twice`);
    const sameDataset = { ...FIXTURE_CUBE, name: "trade_i_fixture_a_copy" };
    expect(() => buildRegistry([FIXTURE_FAMILY, renamed("other", sameDataset)])).toThrow('catalogue dataset "fixture_sections" is declared twice');
    expect(() => buildRegistry([FIXTURE_FAMILY, renamed("other", { ...sameDataset, catalog: { ...FIXTURE_CUBE.catalog!, dataset: "fixture_copy" } })])).not.toThrow();
  });
});
