/**
 * The registry writes each cube's licence as one English line for operators; visitors read it in
 * their language. Each known line maps to a message key (dataAvailability.licences.*); a line not
 * listed here is shown as written (it names a licence, which is closer to a code than to prose).
 */
export const LICENCE_KEYS: Readonly<Record<string, string>> = {
  "CC BY-NC 4.0 (non-commercial); subject to UN Comtrade terms": "ccByNcComtrade",
  "CC BY-NC-SA 4.0 (non-commercial); terms not verified offline": "ccByNcSa",
  "MIT (package); UN Comtrade data": "mitComtrade",
  "GPL-3 (package); UN Comtrade data": "gplComtrade",
  "MIT (package); OEC data": "mitOec",
  "ABS data, normally CC BY 4.0 (credit the Australian Bureau of Statistics); package MIT": "abs",
  "As the data package says": "package",
  "CC BY 4.0 (World Bank)": "worldBank",
  "Etalab Open Licence 2.0 (check the terms of the release you imported)": "etalab",
  "Apache-2.0 (economiccomplexity package); UN Comtrade data via Open Trade Statistics": "apacheSitc",
  "As the trade data it is computed from (see the trade cube)": "asTrade",
};

/** The message key of a licence line, or null to show the line itself. */
export function licenceKey(licence: string | null | undefined): string | null {
  return licence ? (LICENCE_KEYS[licence] ?? null) : null;
}

/**
 * A catalogue dataset's title key and values: "baci_hs12" is the BACI title with HS12,
 * "complexity_hs92_hs4" the complexity title with HS92 HS4; every other dataset has its own key.
 */
export function datasetLabel(dataset: string): { key: string; values: Record<string, string> } {
  const baci = /^baci_(hs\d\d)$/.exec(dataset);
  if (baci) return { key: "baci", values: { classification: baci[1].toUpperCase() } };
  const complexity = /^complexity_(.+)$/.exec(dataset);
  if (complexity) return { key: "complexity", values: { set: complexity[1].replace("_", " ").toUpperCase() } };
  return { key: dataset, values: {} };
}
