/**
 * Worked examples of the data API in Python, R, JavaScript and curl. Each one is a whole program
 * that runs as it is (`python3 eci.py`, `Rscript eci.R`, `node eci.mjs`, `bash eci.sh`): it sets
 * its base URL once at the top (`{{ORIGIN}}` below stands for the site's origin: the page and the
 * downloads write their own in) and reads every query from there. The test suite generates each
 * notebook, points its base URL at a test server and runs it, checking the printed numbers against
 * the same queries' answers (src/app/api/__tests__/notebooks-run.test.ts). Titles and explanations
 * live in messages under "notebooks.items.{id}".
 */
export const NOTEBOOK_LANGUAGES = ["python", "r", "javascript", "curl"] as const;
export type NotebookLanguage = (typeof NOTEBOOK_LANGUAGES)[number];

export const NOTEBOOK_EXTENSIONS: Record<NotebookLanguage, string> = { python: "py", r: "R", javascript: "mjs", curl: "sh" };

/** Where the site's origin goes in a notebook's code. */
export const NOTEBOOK_ORIGIN = "{{ORIGIN}}";

export interface Notebook {
  id: string;
  /** The /api/data queries the notebook runs (path and query string, without the origin). */
  queries: readonly string[];
  /** The measures of those answers every version prints (what the test checks). */
  prints: readonly string[];
  code: Record<NotebookLanguage, string>;
}

const ECI = "/api/data?cube=complexity_eci_a_hs92_hs4&drilldowns=Country&measures=ECI,ECI+Rank&time=latest&sort=ECI+Rank.asc&limit=10";
const GROWTH = "/api/data?cube=trade_i_ots_a_sections&drilldowns=Year&cut=Exporter+Country%3Dchl&growth=Year,Trade+Value";
const PAIR = (partner: string) => `/api/data?cube=trade_i_ots_a_sections&drilldowns=Section&cut=Exporter+Country%3Dchl&cut=Importer+Country%3D${partner}&time=latest&sort=Trade+Value.desc`;

// One line each language starts with: the base URL, the only thing to change to query another copy of the site.
const PY_BASE = `BASE = "${NOTEBOOK_ORIGIN}"  # the site to ask; change it to use another copy of the API\n`;
const R_BASE = `base <- "${NOTEBOOK_ORIGIN}"  # the site to ask; change it to use another copy of the API\n`;
const JS_BASE = `const BASE = "${NOTEBOOK_ORIGIN}"; // the site to ask; change it to use another copy of the API\n`;
const SH_BASE = `BASE="${NOTEBOOK_ORIGIN}" # the site to ask; change it to use another copy of the API\n`;

/**
 * The pandas hint every Python notebook carries: read_json guesses types column by column unless
 * told not to (it turns "0101" into 101 and whole dollars into int64), and CSV has no types at all.
 */
const PY_DTYPES = `# Codes are text ("0101" stays "0101", not 101) and Trade Value is a float, in CSV, JSON and Parquet alike.\n# pandas guesses otherwise: keep the JSON's own types (dtype=False), and name the codes' type for CSV (dtype={...}).\n`;

export const NOTEBOOKS: readonly Notebook[] = [
  {
    id: "eci",
    queries: [ECI],
    prints: ["ECI Rank", "ECI"],
    code: {
      python: `import pandas as pd\n\n${PY_BASE}\n${PY_DTYPES}ranking = pd.read_json(BASE + "${ECI}&format=jsonrecords", dtype=False)\nprint(ranking[["ECI Rank", "Country", "ECI"]].to_string(index=False))\n`,
      r: `library(jsonlite)\n\n${R_BASE}\nanswer <- fromJSON(paste0(base, "${ECI}"))\nprint(answer$data[, c("ECI Rank", "Country", "ECI")])\n`,
      javascript: `${JS_BASE}\nconst response = await fetch(\`\${BASE}${ECI}\`);\nif (!response.ok) throw new Error(\`\${response.status}: \${await response.text()}\`);\nconst { data } = await response.json();\nfor (const row of data) console.log(row["ECI Rank"], row.Country, row.ECI.toFixed(2));\n`,
      curl: `${SH_BASE}\ncurl -sS --fail "$BASE${ECI}&format=csv"\n`,
    },
  },
  {
    id: "growth",
    queries: [GROWTH],
    prints: ["Trade Value", "Trade Value Growth"],
    code: {
      python: `import pandas as pd\n\n${PY_BASE}\n${PY_DTYPES}series = pd.read_json(BASE + "${GROWTH}&format=jsonrecords", dtype=False).set_index("Year")\nprint(series[["Trade Value", "Trade Value Growth"]].to_string())\n`,
      r: `library(jsonlite)\n\n${R_BASE}\nanswer <- fromJSON(paste0(base, "${GROWTH}"))\nprint(answer$data[, c("Year", "Trade Value", "Trade Value Growth")])\n`,
      javascript: `${JS_BASE}\nconst response = await fetch(\`\${BASE}${GROWTH}\`);\nif (!response.ok) throw new Error(\`\${response.status}: \${await response.text()}\`);\nconst { data } = await response.json();\nfor (const row of data) console.log(row.Year, row["Trade Value"], row["Trade Value Growth"]);\n`,
      curl: `${SH_BASE}\ncurl -sS --fail "$BASE${GROWTH}&format=csv"\n`,
    },
  },
  {
    id: "bilateral",
    queries: [PAIR("chn"), PAIR("usa")],
    prints: ["Trade Value"],
    code: {
      python: `import pandas as pd\n\n${PY_BASE}\n${PY_DTYPES}frames = []\nfor partner in ["chn", "usa"]:\n    url = BASE + "${PAIR("{partner}")}&format=csv".replace("{partner}", partner)\n    rows = pd.read_csv(url, dtype={"Section ID": str})\n    rows["partner"] = partner\n    frames.append(rows)\nboth = pd.concat(frames).pivot(index="Section", columns="partner", values="Trade Value")\nprint(both.sort_values("chn", ascending=False).to_string())\n`,
      r: `library(jsonlite)\n\n${R_BASE}\nchina <- fromJSON(paste0(base, "${PAIR("chn")}"))$data\nusa <- fromJSON(paste0(base, "${PAIR("usa")}"))$data\nboth <- merge(china[, c("Section", "Trade Value")], usa[, c("Section", "Trade Value")], by = "Section", all = TRUE, suffixes = c(".chn", ".usa"))\nprint(both)\n`,
      javascript: `${JS_BASE}\nconst get = async (partner) => {\n  const response = await fetch(\`\${BASE}${PAIR("${partner}")}\`);\n  if (!response.ok) throw new Error(\`\${response.status}: \${await response.text()}\`);\n  return (await response.json()).data;\n};\nconst [china, usa] = await Promise.all([get("chn"), get("usa")]);\nconst toUsa = new Map(usa.map((r) => [r.Section, r["Trade Value"]]));\nconst rows = china.map((r) => ({ section: r.Section, china: r["Trade Value"], usa: toUsa.get(r.Section) ?? 0 }));\nfor (const r of usa) if (!china.some((c) => c.Section === r.Section)) rows.push({ section: r.Section, china: 0, usa: r["Trade Value"] });\nconsole.table(rows);\n`,
      curl: `${SH_BASE}\ncurl -sS --fail "$BASE${PAIR("chn")}&format=csv"\ncurl -sS --fail "$BASE${PAIR("usa")}&format=csv"\n`,
    },
  },
];

export function notebookCode(notebook: Notebook, language: NotebookLanguage, base: string): string {
  return notebook.code[language].replaceAll(NOTEBOOK_ORIGIN, base);
}
