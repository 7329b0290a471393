import { describe, expect, it } from "vitest";
import {
  BULK_MAX_EMAILS,
  bulkAccessSchema,
  normaliseEmail,
  normaliseName,
  parseEmailList,
  passwordProblems,
  signupSchema,
} from "./validation";
import { canManageBulkAccess, isAssignableRole, roleLabelKey } from "./roles";

describe("normaliseEmail", () => {
  it("trims, lower-cases and NFKC-normalises", () => {
    expect(normaliseEmail("  Ana.Perez@Example.ORG ")).toBe("ana.perez@example.org");
    expect(normaliseEmail("ｕｓｅｒ@example.com")).toBe("user@example.com");
    expect(normaliseEmail("josé@correo.es")).toBe("josé@correo.es");
    expect(normaliseEmail("a+tag@sub.example.co.uk")).toBe("a+tag@sub.example.co.uk");
    expect(normaliseEmail("a@c.com\n")).toBe("a@c.com");
  });

  it.each([
    "",
    "plainaddress",
    "@example.com",
    "a@",
    "a@b",
    "a@@b.com",
    "a@b@c.com",
    "a b@c.com",
    '"a"@c.com',
    "a@c.com,b@d.com",
    "a@-c.com",
    "a@c..com",
    ".a@c.com",
    "a..b@c.com",
    "<script>@x.com",
    "a@c.com\u0000",
    "x'; DROP TABLE users;--@evil.com",
    "a@" + "b".repeat(250) + ".com",
    "a".repeat(65) + "@c.com",
  ])("refuses %j", (input) => {
    expect(normaliseEmail(input)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(normaliseEmail(undefined)).toBeNull();
    expect(normaliseEmail({ email: "a@b.co" })).toBeNull();
  });
});

describe("normaliseName", () => {
  it("collapses whitespace and keeps any script", () => {
    expect(normaliseName("  Ana   María  ")).toBe("Ana María");
    expect(normaliseName("王小明")).toBe("王小明");
    expect(normaliseName("<b>Bob</b>")).toBe("<b>Bob</b>");
  });
  it("refuses empty, control characters and overlong names", () => {
    expect(normaliseName("   ")).toBeNull();
    expect(normaliseName("a\u0000b")).toBeNull();
    expect(normaliseName("x".repeat(101))).toBeNull();
    expect(normaliseName("x".repeat(100))).toHaveLength(100);
  });
});

describe("passwordProblems", () => {
  it("accepts a decent password", () => {
    expect(passwordProblems("correct horse 9", "ana@example.org")).toEqual([]);
    expect(passwordProblems("Tr4de-Data!", null)).toEqual([]);
    expect(passwordProblems("贸易数据观察站开放的2024", null)).toEqual([]);
  });
  it("names every rule that fails", () => {
    expect(passwordProblems("short1")).toEqual(["tooShort"]);
    expect(passwordProblems("abcdefghijkl")).toEqual(["needsDigitOrSymbol"]);
    expect(passwordProblems("1234567890")).toEqual(["needsLetter"]);
    expect(passwordProblems("x1".repeat(70))).toEqual(["tooLong"]);
    expect(passwordProblems("anaperez2024", "anaperez@example.org")).toEqual(["containsEmail"]);
    expect(passwordProblems("Password123")).toEqual(["common"]);
  });
});

describe("signupSchema", () => {
  it("parses and normalises a good sign-up", () => {
    const parsed = signupSchema.parse({ name: " Ana ", email: "ANA@Example.org", password: "trade data 2024" });
    expect(parsed).toMatchObject({ name: "Ana", email: "ana@example.org", isAcademic: false });
  });
  it("reports each problem with its field", () => {
    const result = signupSchema.safeParse({ name: "", email: "nope", password: "short", isAcademic: "yes" });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);
    expect(issues).toContain("name:invalidName");
    expect(issues).toContain("email:invalidEmail");
    expect(issues.some((issue) => issue.startsWith("isAcademic:"))).toBe(true);
  });
  it("refuses huge input before hashing it", () => {
    expect(signupSchema.safeParse({ name: "Ana", email: "a@b.co", password: "x1".repeat(10_000) }).success).toBe(false);
  });
});

describe("parseEmailList", () => {
  it("splits on commas, semicolons, spaces and lines, and de-duplicates", () => {
    const list = parseEmailList("a@x.org, B@x.org;c@x.org\n  a@X.org\td@x.org");
    expect(list.valid).toEqual(["a@x.org", "b@x.org", "c@x.org", "d@x.org"]);
    expect(list.invalid).toEqual([]);
  });
  it("reads 'Name <email>' as mail programs copy it", () => {
    expect(parseEmailList("Ana Pérez <ana@x.org>, Bob <bob@y.com>").valid).toEqual(["ana@x.org", "bob@y.com"]);
  });
  it("keeps what is not an address apart", () => {
    const list = parseEmailList("ok@x.org not-an-email ' OR 1=1 --");
    expect(list.valid).toEqual(["ok@x.org"]);
    expect(list.invalid).toEqual(["not-an-email", "'", "OR", "1=1", "--"]);
  });
  it("caps the number of addresses", () => {
    const text = Array.from({ length: BULK_MAX_EMAILS + 5 }, (_, i) => `u${i}@x.org`).join("\n");
    const list = parseEmailList(text);
    expect(list.valid).toHaveLength(BULK_MAX_EMAILS);
    expect(list.truncated).toBe(true);
  });
});

describe("roles", () => {
  it("labels the known roles and only lets them be assigned", () => {
    expect([0, 1, 10, 5].map(roleLabelKey)).toEqual(["free", "pro", "bulkManager", "other"]);
    expect(isAssignableRole(10)).toBe(true);
    expect(isAssignableRole(5)).toBe(false);
    expect(isAssignableRole("10")).toBe(false);
    expect(canManageBulkAccess(10)).toBe(true);
    expect(canManageBulkAccess(1)).toBe(false);
    expect(canManageBulkAccess(undefined)).toBe(false);
  });
  it("bulkAccessSchema accepts only assignable roles", () => {
    expect(bulkAccessSchema.safeParse({ emails: "a@b.co", role: 1 }).success).toBe(true);
    expect(bulkAccessSchema.safeParse({ emails: "a@b.co", role: 99 }).success).toBe(false);
    expect(bulkAccessSchema.safeParse({ emails: "a@b.co", role: "10" }).success).toBe(false);
  });
});
