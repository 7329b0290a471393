import { expect, it } from "vitest";
import { ORGANIZATIONS, findOrganization } from "./organizations";

it("keeps membership as clean data", () => {
  const ids = new Set<string>();
  for (const org of ORGANIZATIONS) {
    expect(ids.has(org.id), org.id).toBe(false);
    ids.add(org.id);
    expect(new Set(org.members).size, org.id).toBe(org.members.length);
    for (const member of org.members) expect(member, org.id).toMatch(/^[a-z]{3}$/);
    expect(org.names.es && org.names.zh, org.id).toBeTruthy();
  }
  expect(findOrganization("eu")?.members).toHaveLength(27);
  expect(findOrganization("au")?.members).toHaveLength(55);
  expect(findOrganization("oecd")?.members).toHaveLength(38);
  expect(findOrganization("nope")).toBeUndefined();
});
