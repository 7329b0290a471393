import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { affected, compareVersions, findKnownBad, unaccepted, type Accepted, type Advisory } from "../../scripts/lib/dependencyRisk";

const list = JSON.parse(readFileSync("security/known-bad.json", "utf8")) as { advisories: Advisory[]; accepted: Accepted[] };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, { version?: string }> };

describe("dependency risk", () => {
  it("installs no version the known-bad list names (but those reviewed and accepted, with a reason)", () => {
    const { open, stale } = unaccepted(findKnownBad(lock, list.advisories), list.accepted);
    expect(open.map((f) => `${f.path}@${f.version}: ${f.advisory.id} ${f.advisory.summary} (fixed in ${f.advisory.fixed})`)).toEqual([]);
    expect(stale, "an accepted finding that no longer exists: remove it from security/known-bad.json").toEqual([]);
    for (const review of list.accepted) expect(review.reason.length).toBeGreaterThan(40);
  });

  it("the check bites: an affected version anywhere in the tree is found", () => {
    const fake = { packages: { "": {}, "node_modules/next": { version: "15.1.0" }, "node_modules/a/node_modules/cookie": { version: "0.6.0" }, "node_modules/ok": { version: "1.0.0" } } };
    const found = findKnownBad(fake, list.advisories).map((f) => `${f.path} ${f.advisory.id}`);
    expect(found).toContain("node_modules/next GHSA-f82v-jwr5-mffw");
    expect(found).toContain("node_modules/a/node_modules/cookie GHSA-pxg6-pf52-xh8x");
  });

  it("compares versions by number", () => {
    expect(compareVersions("1.10.0", "1.9.3")).toBeGreaterThan(0);
    expect(compareVersions("15.2.3", "15.2.3")).toBe(0);
    const advisory = { package: "x", introduced: "15.0.0", fixed: "15.2.3", id: "", summary: "" };
    expect(affected("15.2.2", advisory)).toBe(true);
    expect(affected("15.2.3", advisory)).toBe(false);
    expect(affected("14.9.9", advisory)).toBe(false);
    expect(affected("15.0.0-canary.1", advisory)).toBe(true);
  });

  it("every advisory is well formed", () => {
    for (const a of list.advisories) {
      expect(a.id).toMatch(/^GHSA-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
      expect(compareVersions(a.fixed, a.introduced)).toBeGreaterThan(0);
    }
  });
});
