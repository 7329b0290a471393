/**
 * Structured data (schema.org, as JSON-LD) for search engines and dataset search: a Dataset with
 * its distributions and licence on the data pages, a Place (or Country) and the breadcrumb trail on
 * profiles. Pure builders of plain objects; the page renders them with its script nonce
 * (features/seo/JsonLd). Every URL is made absolute against the site's origin.
 */

export type JsonLd = Record<string, unknown> & { "@context": "https://schema.org"; "@type": string };

const absolute = (origin: string, path: string): string => new URL(path, origin).toString();

export interface Licence {
  name: string;
  url: string | null;
}

/** Creative Commons and other open licences named in the cube registry's prose, with their deeds. */
const KNOWN_LICENCES: readonly [RegExp, string, string][] = [
  [/\bCC[ -]BY[ -]NC[ -]SA 4\.0\b/i, "CC BY-NC-SA 4.0", "https://creativecommons.org/licenses/by-nc-sa/4.0/"],
  [/\bCC[ -]BY[ -]NC 4\.0\b/i, "CC BY-NC 4.0", "https://creativecommons.org/licenses/by-nc/4.0/"],
  [/\bCC[ -]BY[ -]SA 4\.0\b/i, "CC BY-SA 4.0", "https://creativecommons.org/licenses/by-sa/4.0/"],
  [/\bCC[ -]BY 4\.0\b/i, "CC BY 4.0", "https://creativecommons.org/licenses/by/4.0/"],
  [/\bEtalab Open Licen[cs]e 2\.0\b/i, "Etalab Open Licence 2.0", "https://www.etalab.gouv.fr/licence-ouverte-open-licence/"],
];

/**
 * The licences a list of registry licence texts names, each once: a known open licence by its
 * name and deed; any other text as it is, without a URL (never a guessed one).
 */
export function licencesOf(texts: readonly (string | null | undefined)[]): Licence[] {
  const out = new Map<string, Licence>();
  for (const text of texts) {
    if (!text?.trim()) continue;
    const known = KNOWN_LICENCES.find(([pattern]) => pattern.test(text));
    const licence = known ? { name: known[1], url: known[2] } : { name: text.trim(), url: null };
    if (!out.has(licence.name)) out.set(licence.name, licence);
  }
  return [...out.values()];
}

/** The script nonce of a Content-Security-Policy (`script-src 'nonce-…'`), or undefined. */
export function nonceOf(policy: string | null | undefined): string | undefined {
  return /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(policy ?? "")?.[1];
}

export interface DistributionInput {
  /** Site path or absolute URL of the download. */
  url: string;
  /** IANA media type, e.g. "text/csv", "application/vnd.apache.parquet". */
  encodingFormat: string;
  name?: string;
  /** Size in bytes, when known. */
  bytes?: number;
}

export interface DatasetInput {
  origin: string;
  /** Path of the page describing the dataset (locale-prefixed). */
  path: string;
  name: string;
  description: string;
  /** BCP 47 tag of the page's language. */
  inLanguage: string;
  /** Licences of the data (schema.org: a URL or a CreativeWork; a name alone where no URL is known). */
  licenses: readonly Licence[];
  creator: { name: string; url?: string };
  /** First and last year covered; omitted when unknown. */
  years?: { from: number; to: number } | null;
  keywords?: readonly string[];
  distributions: readonly DistributionInput[];
  /** Path of the catalogue entry (/api/catalog), as the dataset's own documentation. */
  isBasedOn?: readonly string[];
}

export function datasetJsonLd(input: DatasetInput): JsonLd {
  // Google's Dataset rich result wants a description of 50 to 5000 characters (messages are checked in tests).
  return {
    "@context": "https://schema.org",
    "@type": "Dataset",
    name: input.name,
    description: input.description.slice(0, 5000),
    url: absolute(input.origin, input.path),
    inLanguage: input.inLanguage,
    isAccessibleForFree: true,
    ...(input.licenses.length ? { license: input.licenses.map((l) => (l.url ? { "@type": "CreativeWork", name: l.name, url: l.url } : { "@type": "CreativeWork", name: l.name })) } : {}),
    creator: { "@type": "Organization", name: input.creator.name, ...(input.creator.url ? { url: absolute(input.origin, input.creator.url) } : {}) },
    ...(input.years ? { temporalCoverage: input.years.from === input.years.to ? String(input.years.from) : `${input.years.from}/${input.years.to}` } : {}),
    ...(input.keywords?.length ? { keywords: [...input.keywords] } : {}),
    ...(input.isBasedOn?.length ? { isBasedOn: input.isBasedOn.map((p) => absolute(input.origin, p)) } : {}),
    distribution: input.distributions.map((d) => ({
      "@type": "DataDownload",
      contentUrl: absolute(input.origin, d.url),
      encodingFormat: d.encodingFormat,
      ...(d.name ? { name: d.name } : {}),
      ...(d.bytes !== undefined ? { contentSize: `${d.bytes} B` } : {}),
    })),
  };
}

export interface Crumb {
  name: string;
  /** Site path (locale-prefixed). */
  path: string;
}

export function breadcrumbJsonLd(origin: string, crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: absolute(origin, c.path) })),
  };
}

export interface PlaceInput {
  origin: string;
  path: string;
  name: string;
  /** "Country" for a country (ISO 3166 code known), "Place" for a continent, region or the world. */
  kind: "Country" | "Place";
  /** ISO 3166-1 alpha-3 code, upper case, for a country. */
  iso3?: string;
  description?: string;
  /** The place this one lies in (a continent for a country). */
  containedIn?: { name: string; path: string } | null;
}

export function placeJsonLd(input: PlaceInput): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": input.kind,
    name: input.name,
    url: absolute(input.origin, input.path),
    ...(input.iso3 ? { identifier: { "@type": "PropertyValue", propertyID: "ISO 3166-1 alpha-3", value: input.iso3.toUpperCase() } } : {}),
    ...(input.description ? { description: input.description } : {}),
    ...(input.containedIn ? { containedInPlace: { "@type": "Place", name: input.containedIn.name, url: absolute(input.origin, input.containedIn.path) } } : {}),
  };
}

/**
 * JSON for inside a <script> element: `<`, `>`, `&` and the line separators escaped, so a name
 * holding "</script>" cannot end the element early.
 */
export function serializeJsonLd(data: JsonLd | readonly JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
