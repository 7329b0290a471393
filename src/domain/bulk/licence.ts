/**
 * Licences as a Data Package lists them. The profile wants `licenses[].name` to be an Open
 * Definition / SPDX identifier (`^([-a-zA-Z0-9._])+$`): the cubes describe theirs in prose ("CC
 * BY-NC 4.0 (non-commercial); subject to UN Comtrade terms"), so the identifier is read from the
 * prose, the prose goes to `title` and the licence's text to `path`. A licence named only for a
 * software package ("MIT (package); UN Comtrade data") says nothing about the data: such prose is
 * listed as `notspecified`, its words kept in the title, never passed off as the data's licence.
 */
export interface PackageLicence {
  /** Open Definition / SPDX identifier. */
  name: string;
  /** What the source says, in its words. */
  title: string;
  /** The licence's text. */
  path?: string;
}

/** The Data Package profile's pattern for a licence name. */
export const LICENCE_NAME_PATTERN = /^([-a-zA-Z0-9._])+$/;

/** Most specific first: "CC BY-NC-SA 4.0" also contains "CC BY". */
const KNOWN: readonly { pattern: RegExp; name: string; path: string }[] = [
  { pattern: /\bCC[- ]BY[- ]NC[- ]SA[- ]4\.0\b/i, name: "CC-BY-NC-SA-4.0", path: "https://creativecommons.org/licenses/by-nc-sa/4.0/" },
  { pattern: /\bCC[- ]BY[- ]NC[- ]4\.0\b/i, name: "CC-BY-NC-4.0", path: "https://creativecommons.org/licenses/by-nc/4.0/" },
  { pattern: /\bCC[- ]BY[- ]SA[- ]4\.0\b/i, name: "CC-BY-SA-4.0", path: "https://creativecommons.org/licenses/by-sa/4.0/" },
  { pattern: /\bCC[- ]BY[- ]4\.0\b/i, name: "CC-BY-4.0", path: "https://creativecommons.org/licenses/by/4.0/" },
  { pattern: /\bCC0\b/i, name: "CC0-1.0", path: "https://creativecommons.org/publicdomain/zero/1.0/" },
  { pattern: /\bEtalab Open Licen[cs]e 2\.0\b|\betalab-2\.0\b/i, name: "etalab-2.0", path: "https://www.etalab.gouv.fr/licence-ouverte-open-licence/" },
  { pattern: /\bODC[- ]PDDL\b/i, name: "ODC-PDDL-1.0", path: "https://opendatacommons.org/licenses/pddl/1-0/" },
  { pattern: /\bODbL\b/i, name: "ODbL-1.0", path: "https://opendatacommons.org/licenses/odbl/1-0/" },
];

/** A part of the prose about a software package: "MIT (package)", "package MIT", "Apache-2.0 (economiccomplexity package)". */
const PACKAGE_PART = /\([^)]*\bpackage\b[^)]*\)|^\s*package\b/i;

/** The prose without its parts about software packages: what is left speaks of the data. */
function aboutTheData(prose: string): string {
  return prose
    .split(";")
    .filter((part) => !PACKAGE_PART.test(part))
    .join(";");
}

/** The licence one cube's prose names for its data. */
export function licenceOf(prose: string): PackageLicence {
  const title = prose.trim();
  const data = aboutTheData(title);
  const known = KNOWN.find((k) => k.pattern.test(data));
  return known ? { name: known.name, title, path: known.path } : { name: "notspecified", title };
}

/** One entry per licence (titles of the same licence joined), in first-seen order; none for no prose. */
export function packageLicences(proses: readonly string[]): PackageLicence[] {
  const byName = new Map<string, PackageLicence>();
  for (const prose of proses) {
    if (!prose.trim()) continue;
    const licence = licenceOf(prose);
    const seen = byName.get(licence.name);
    if (!seen) byName.set(licence.name, licence);
    else if (!seen.title.split(" | ").includes(licence.title)) seen.title = `${seen.title} | ${licence.title}`;
  }
  return [...byName.values()];
}
