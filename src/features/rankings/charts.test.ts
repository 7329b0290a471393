import { describe, expect, it } from "vitest";
import { DARK_THEME, LIGHT_THEME, clampAntimeridian, clampGeometry, eciMapOption, eciScatterOption, padM49 } from "./charts";

type AnyOption = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe("ECI map option", () => {
  it("keys countries by zero-padded M49 and centres the scale on zero", () => {
    const option = eciMapOption(
      [
        { m49: "076", name: "Brazil", value: -0.2, rank: 50 },
        { m49: "392", name: "Japan", value: 2.26, rank: 1 },
      ],
      { measure: "ECI", rank: "Rank", high: "More complex", low: "Less complex" },
      LIGHT_THEME,
      "en",
    ) as AnyOption;
    expect(option.series[0]).toMatchObject({ type: "map", map: "world", nameProperty: "m49" });
    expect(option.series[0].data[1]).toEqual({ name: "392", value: 2.26, label: "Japan", rank: 1 });
    expect(option.visualMap.min).toBe(-2.3);
    expect(option.visualMap.max).toBe(2.3);
    const html = option.tooltip.formatter({ data: { ...option.series[0].data[1] }, name: "392" });
    expect(html).toContain("Japan");
    expect(html).toContain("2.26");
    expect(option.tooltip.formatter({ name: "x" })).toBe("");
  });

  it("writes ECI and ranks in the page language's number style", () => {
    const option = eciMapOption([{ m49: "076", name: "Brasil", value: -0.0912, rank: 1033 }], { measure: "ICE", rank: "Puesto", high: "h", low: "l" }, LIGHT_THEME, "es") as AnyOption;
    const html = option.tooltip.formatter({ data: option.series[0].data[0], name: "076" });
    expect(html).toContain("ICE: -0,09");
    expect(html).toContain("Puesto: 1.033");
  });

  it("escapes names in tooltips", () => {
    const option = eciMapOption([{ m49: "001", name: "<b>x</b>", value: 1, rank: null }], { measure: "ECI", rank: "R", high: "h", low: "l" }, DARK_THEME, "en") as AnyOption;
    expect(option.tooltip.formatter({ data: option.series[0].data[0], name: "001" })).not.toContain("<b>x");
  });

  it("pads ISO numeric codes as world-atlas ids", () => {
    expect(padM49(76)).toBe("076");
    expect(padM49("4")).toBe("004");
    expect(padM49(null)).toBeNull();
    expect(padM49(1234)).toBeNull();
  });
});

describe("ECI against GDP per capita", () => {
  it("uses a log x axis, one series per continent, and drops points without GDP", () => {
    const option = eciScatterOption(
      [
        { id: "jpn", name: "Japan", x: 39000, y: 2.2, color: "#f00", group: "Asia" },
        { id: "chn", name: "China", x: 9900, y: 1.0, color: "#f00", group: "Asia" },
        { id: "deu", name: "Germany", x: 47000, y: 1.9, color: "#00f", group: "Europe" },
        { id: "prk", name: "North Korea", x: 0, y: -1, color: "#f00", group: "Asia" },
      ],
      { x: "GDP per capita", y: "ECI" },
      LIGHT_THEME,
      "en",
    ) as AnyOption;
    expect(option.xAxis.type).toBe("log");
    expect(option.series.map((s: AnyOption) => s.name)).toEqual(["Asia", "Europe"]);
    expect(option.series[0].data).toEqual([
      { name: "Japan", value: [39000, 2.2] },
      { name: "China", value: [9900, 1.0] },
    ]);
    expect(option.xAxis.axisLabel.formatter(10000)).toBe("$10K");
  });
});

describe("antimeridian", () => {
  it("pulls the minority side of a crossing ring to the edge, and leaves others alone", () => {
    const chukotka = [[170, 65], [179.9, 66], [-175, 67], [-172, 66], [175, 64], [170, 65]];
    expect(clampAntimeridian(chukotka)).toEqual([[170, 65], [179.9, 66], [180, 67], [180, 66], [175, 64], [170, 65]]);
    const west = [[-179, 0], [-170, 1], [178, 2], [-179, 0]];
    expect(clampAntimeridian(west)).toEqual([[-179, 0], [-170, 1], [-180, 2], [-179, 0]]);
    const plain = [[0, 0], [10, 0], [10, 10], [0, 0]];
    expect(clampAntimeridian(plain)).toBe(plain);
    expect(clampGeometry({ type: "MultiPolygon", coordinates: [[chukotka]] }).coordinates).toEqual([[clampAntimeridian(chukotka)]]);
  });
});
