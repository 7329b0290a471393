/**
 * The kinds of member a profile or an explorer tile shows. Its own module, below both the report
 * registry (explorer/reports.ts re-exports it) and the member icons (memberIcons.ts), so neither
 * folder imports the other.
 */
export type MemberKind = "world" | "continent" | "country" | "section" | "hs2" | "hs4" | "hs6" | "province" | "organization" | "subnational";
