import { expect, it } from "vitest";
import { REPORTS, profilePath, reportById, reportBySlug } from "./reports";

it("has unique ids and builds the spec's profile paths", () => {
  expect(new Set(REPORTS.map((r) => r.id)).size).toBe(REPORTS.length);
  const bc = reportBySlug("bilateral-country")!;
  expect(profilePath(bc, [{ kind: "country", id: "deu" }, { kind: "country", id: "fra" }])).toBe("/bilateral-country/deu/partner/fra");
  const bp = reportBySlug("bilateral-product")!;
  expect(profilePath(bp, [{ kind: "section", id: "5" }, { kind: "country", id: "chl" }])).toBe("/bilateral-product/section-5/reporter/chl");
  expect(profilePath(reportById(3)!, [{ kind: "hs4", id: "2603" }])).toBe("/hs/2603");
  expect(profilePath(reportById(1)!, [{ kind: "country", id: "chl" }])).toBe("/country/chl");
  expect(profilePath(reportById(1)!, [{ kind: "continent", id: "sa" }])).toBe("/continent/sa");
  expect(profilePath(reportById(2)!, [{ kind: "world", id: "wld" }])).toBe("/world/wld");
});
