/**
 * Dependency risk without the registry's audit endpoint (it does not answer on these machines):
 * every package version package-lock.json installs, at any depth, checked against the advisories
 * kept in security/known-bad.json. Run in the test run (tests/unit/dependencies.test.ts); where
 * the endpoint answers, `npm audit` is the fuller check (README, "Security").
 */
export interface Advisory {
  package: string;
  introduced: string;
  fixed: string;
  id: string;
  summary: string;
}

/** A finding reviewed and judged not to apply here, with the reason. */
export interface Accepted {
  path: string;
  id: string;
  reason: string;
}

export interface Finding {
  path: string;
  version: string;
  advisory: Advisory;
}

/** Compares release versions numerically (1.10.0 > 1.9.3); a prerelease counts as its release. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.replace(/^v/, "").split(/[-+]/)[0]!.split(".").map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const diff = (x[i] ?? 0) - (y[i] ?? 0);
    if (diff) return diff;
  }
  return 0;
}

export function affected(version: string, advisory: Advisory): boolean {
  return compareVersions(version, advisory.introduced) >= 0 && compareVersions(version, advisory.fixed) < 0;
}

/** The package name of a lockfile path ("node_modules/a/node_modules/@s/b" is "@s/b"). */
function nameOf(path: string): string {
  const at = path.lastIndexOf("node_modules/");
  return path.slice(at + "node_modules/".length);
}

export function findKnownBad(lock: { packages?: Record<string, { version?: string; name?: string }> }, advisories: Advisory[]): Finding[] {
  const findings: Finding[] = [];
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (!path.includes("node_modules/") || !entry.version) continue;
    const name = entry.name ?? nameOf(path);
    for (const advisory of advisories) {
      if (advisory.package === name && affected(entry.version, advisory)) findings.push({ path, version: entry.version, advisory });
    }
  }
  return findings;
}

/** Findings not covered by an accepted review, and accepted reviews that match no finding (stale). */
export function unaccepted(findings: Finding[], accepted: Accepted[]): { open: Finding[]; stale: Accepted[] } {
  const matches = (f: Finding, a: Accepted) => f.path === a.path && f.advisory.id === a.id;
  return {
    open: findings.filter((f) => !accepted.some((a) => matches(f, a))),
    stale: accepted.filter((a) => !findings.some((f) => matches(f, a))),
  };
}
