import { describe, expect, it } from "vitest";
import { LICENCE_NAME_PATTERN, licenceOf, packageLicences } from "./licence";
import { dataPackageProblems } from "./profile";

describe("licences as a Data Package lists them", () => {
  it("reads the identifier from each cube's prose, keeps the prose as the title and links the licence", () => {
    expect(licenceOf("CC BY-NC 4.0 (non-commercial); subject to UN Comtrade terms")).toEqual({
      name: "CC-BY-NC-4.0",
      title: "CC BY-NC 4.0 (non-commercial); subject to UN Comtrade terms",
      path: "https://creativecommons.org/licenses/by-nc/4.0/",
    });
    expect(licenceOf("CC BY-NC-SA 4.0 (non-commercial); terms not verified offline").name).toBe("CC-BY-NC-SA-4.0");
    expect(licenceOf("CC BY 4.0 (World Bank)").name).toBe("CC-BY-4.0");
    expect(licenceOf("ABS data, normally CC BY 4.0 (credit the Australian Bureau of Statistics); package MIT").name).toBe("CC-BY-4.0");
    expect(licenceOf("Etalab Open Licence 2.0 (check the terms of the release you imported)")).toMatchObject({ name: "etalab-2.0", path: expect.stringContaining("etalab") });
    expect(licenceOf("Apache-2.0 (package); data CC BY-NC 4.0 per package notice").name).toBe("CC-BY-NC-4.0");
  });

  it("never passes a software package's licence off as the data's", () => {
    for (const prose of ["MIT (package); UN Comtrade data", "GPL-3 (package); UN Comtrade data", "MIT (package); OEC data", "As the data package says", "Apache-2.0 (economiccomplexity package); UN Comtrade data via Open Trade Statistics"]) {
      expect(licenceOf(prose), prose).toEqual({ name: "notspecified", title: prose });
    }
  });

  it("lists each licence once, every name an identifier the profile accepts", () => {
    const list = packageLicences(["CC BY-NC 4.0 (non-commercial); subject to UN Comtrade terms", "", "CC BY-NC 4.0 (non-commercial); subject to UN Comtrade terms", "CC BY-NC-SA 4.0 (non-commercial); terms not verified offline", "CC BY-NC 4.0 as well"]);
    expect(list.map((l) => l.name)).toEqual(["CC-BY-NC-4.0", "CC-BY-NC-SA-4.0"]);
    expect(list[0]!.title).toBe("CC BY-NC 4.0 (non-commercial); subject to UN Comtrade terms | CC BY-NC 4.0 as well");
    for (const l of list) expect(l.name).toMatch(LICENCE_NAME_PATTERN);
  });
});

describe("the Data Package profile's rules", () => {
  const valid = {
    profile: "data-package",
    name: "open-trade-observatory-bulk",
    created: "2026-11-28T14:00:00.000Z",
    licenses: [{ name: "CC-BY-NC-4.0", title: "CC BY-NC 4.0 (non-commercial)", path: "https://creativecommons.org/licenses/by-nc/4.0/" }],
    sources: [{ title: "Open Trade Statistics", path: "https://tradestatistics.io" }],
    resources: [{ name: "international-x-2018-csv", path: "international/x/2018.csv.gz", mediatype: "text/csv", bytes: 10, hash: "sha256:ab12", schema: { fields: [{ name: "HS4 ID", type: "string" }] } }],
  };

  it("accepts a package that follows them", () => {
    expect(dataPackageProblems(valid)).toEqual([]);
  });

  it("refuses prose as a licence name, as frictionless validators do", () => {
    const prose = { ...valid, licenses: [{ name: "CC BY-NC 4.0 (non-commercial); subject to UN Comtrade terms", title: "x" }] };
    expect(dataPackageProblems(prose)).toEqual([expect.stringContaining("licenses[0].name")]);
  });

  it("refuses bad names, paths out of the package, bad hashes, empty lists and unknown field types", () => {
    expect(dataPackageProblems({ ...valid, name: "Open Trade" })).toHaveLength(1);
    expect(dataPackageProblems({ ...valid, licenses: [] })).toEqual(["licenses must be a non-empty array"]);
    expect(dataPackageProblems({ ...valid, resources: [{ ...valid.resources[0], path: "../etc/passwd" }] })).toHaveLength(1);
    expect(dataPackageProblems({ ...valid, resources: [{ ...valid.resources[0], name: "Upper Case" }] })).toHaveLength(1);
    expect(dataPackageProblems({ ...valid, resources: [{ ...valid.resources[0], hash: "sha256:not hex" }] })).toHaveLength(1);
    expect(dataPackageProblems({ ...valid, resources: [{ ...valid.resources[0], schema: { fields: [{ name: "x", type: "float" }] } }] })).toHaveLength(1);
    expect(dataPackageProblems({ ...valid, created: "yesterday" })).toHaveLength(1);
    expect(dataPackageProblems({ ...valid, resources: undefined })).toEqual(["resources must be a non-empty array"]);
  });
});
