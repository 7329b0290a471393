/**
 * Operator documentation a public page may point to (issue 39): the pages a visitor reads say what
 * exists and show what the site holds; how to load more data into one's own copy lives in the
 * project's docs/*.md, served read-only at /docs/<name>.md and linked in one discreet line.
 */
export const OPERATOR_DOCS = ["subnational", "entities", "bill-of-lading", "warehouse", "plans"] as const;

export type OperatorDoc = (typeof OPERATOR_DOCS)[number];

/** The public address of a doc ("/docs/subnational.md"). */
export function operatorDocPath(doc: OperatorDoc): string {
  return `/docs/${doc}.md`;
}

/** The doc a requested file name ("subnational.md") names, or null for anything else. */
export function operatorDocFor(file: string): OperatorDoc | null {
  const match = /^([a-z-]+)\.md$/.exec(file);
  if (!match) return null;
  return (OPERATOR_DOCS as readonly string[]).includes(match[1]) ? (match[1] as OperatorDoc) : null;
}
