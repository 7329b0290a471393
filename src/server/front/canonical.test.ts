import { describe, expect, it } from "vitest";
import { canonicalTarget } from "./canonical";

describe("canonicalTarget", () => {
  it("lets canonical targets through with their query untouched", () => {
    expect(canonicalTarget("/api/data?cube=x&drilldowns=Year", "GET")).toEqual({ kind: "canonical", pathname: "/api/data", url: "/api/data?cube=x&drilldowns=Year" });
    expect(canonicalTarget("/", "GET")).toEqual({ kind: "canonical", pathname: "/", url: "/" });
    expect(canonicalTarget("/en/profile/country/chl?year=2018", "GET").kind).toBe("canonical");
    // A dot inside a segment is not a dot-segment; an encoded slash stays encoded.
    expect(canonicalTarget("/api/openapi.json", "GET").kind).toBe("canonical");
    expect(canonicalTarget("/en/search?q=a%2Fb", "GET").kind).toBe("canonical");
  });

  it("redirects every spelling that would dodge the meter to the one path", () => {
    const cases: [string, string][] = [
      ["/api/./data?cube=x", "/api/data?cube=x"],
      ["/api/x/../data?cube=x", "/api/data?cube=x"],
      ["/api/%2e/data?cube=x", "/api/data?cube=x"],
      ["/api/x/%2E%2e/data", "/api/data"],
      ["//api//data?cube=x", "/api/data?cube=x"],
      ["/api/data#frag", "/api/data"],
      ["/api/data?cube=x#frag", "/api/data?cube=x"],
      ["/../../etc/passwd", "/etc/passwd"],
      ["/api/data/.", "/api/data/"],
      // Never a Location another site: "/\\evil.example" would be read as "//evil.example".
      ["/./\\evil.example", "/%5Cevil.example"],
    ];
    for (const [raw, location] of cases) expect(canonicalTarget(raw, "GET"), raw).toEqual({ kind: "redirect", location });
  });

  it("refuses a non-canonical spelling for a method that cannot be redirected", () => {
    expect(canonicalTarget("/api/./auth/callback/credentials", "POST").kind).toBe("invalid");
  });

  it("refuses targets that are not paths and escapes that are not UTF-8", () => {
    for (const raw of ["*", "http://example.com/api/data", "example.com:443", ""]) expect(canonicalTarget(raw, "OPTIONS").kind, raw).toBe("invalid");
    for (const raw of ["/_next/static/%c3%28", "/static/%ff%fe", "/geo/%ed%a0%80", "/api/data%", "/a%zz"]) expect(canonicalTarget(raw, "GET").kind, raw).toBe("invalid");
  });
});
