import { describe, expect, it } from "vitest";
import en from "../../../messages/en.json";
import es from "../../../messages/es.json";
import zh from "../../../messages/zh.json";
import { sourceLine, VINTAGE_KEYS } from "./sourceNames";

const names = {
  ots: "Open Trade Statistics (UN Comtrade)",
  atlas: "Atlas of Economic Complexity",
  "vintage:ots_trd": "Open Trade Statistics (2018 extract)",
  "vintage:ots_ec2019": "Open Trade Statistics (older release, 1962–2017)",
};

describe("sourceLine", () => {
  it("names sources once, in order, through their aliases", () => {
    expect(sourceLine(names, ["ots", "ots_hs4", "atlas"])).toBe("Open Trade Statistics (UN Comtrade); Atlas of Economic Complexity");
  });
  it("names the release where it is given, and the source where the release has no name", () => {
    expect(sourceLine(names, [{ source: "ots", vintage: "ots_ec2019" }, { source: "ots", vintage: "ots_trd" }])).toBe(
      "Open Trade Statistics (older release, 1962–2017); Open Trade Statistics (2018 extract)",
    );
    expect(sourceLine(names, [{ source: "atlas", vintage: "atlas_hs4" }])).toBe("Atlas of Economic Complexity");
  });
});

describe("vintage names", () => {
  it.each([
    ["en", en],
    ["es", es],
    ["zh", zh],
  ])("%s names every release", (_, messages) => {
    const vintages = (messages as { data: { vintages?: Record<string, string> } }).data.vintages ?? {};
    for (const v of VINTAGE_KEYS) expect(vintages[v], v).toMatch(/\S/);
  });
});
