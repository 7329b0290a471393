/**
 * Worked examples of the data API in Python, R, JavaScript and curl. `{BASE}` stands for the
 * site's origin: the page writes its own in, the downloads too, and the end-to-end tests run the
 * JavaScript and curl versions against the test server so they never go stale. Titles and
 * explanations live in messages under "notebooks.items.{id}".
 */
export const NOTEBOOK_LANGUAGES = ["python", "r", "javascript", "curl"] as const;
export type NotebookLanguage = (typeof NOTEBOOK_LANGUAGES)[number];

export const NOTEBOOK_EXTENSIONS: Record<NotebookLanguage, string> = { python: "py", r: "R", javascript: "mjs", curl: "sh" };

export interface Notebook {
  id: string;
  code: Record<NotebookLanguage, string>;
}

const ECI = "{BASE}/api/data?cube=complexity_eci_a_hs92_hs4&drilldowns=Country&measures=ECI,ECI+Rank&time=latest&sort=ECI+Rank.asc&limit=10";
const GROWTH = "{BASE}/api/data?cube=trade_i_ots_a_sections&drilldowns=Year&cut=Exporter+Country%3Dchl&growth=Year,Trade+Value";
const PAIR = (partner: string) => `{BASE}/api/data?cube=trade_i_ots_a_sections&drilldowns=Section&cut=Exporter+Country%3Dchl&cut=Importer+Country%3D${partner}&time=latest&sort=Trade+Value.desc`;

export const NOTEBOOKS: readonly Notebook[] = [
  {
    id: "eci",
    code: {
      python: `import requests\nimport pandas as pd\n\nanswer = requests.get("${ECI}").json()\nranking = pd.DataFrame(answer["data"])\nprint(ranking[["ECI Rank", "Country", "ECI"]])\n`,
      r: `library(jsonlite)\n\nanswer <- fromJSON("${ECI}")\nprint(answer$data[, c("ECI Rank", "Country", "ECI")])\n`,
      javascript: `const response = await fetch("${ECI}");\nconst { data } = await response.json();\nfor (const row of data) console.log(row["ECI Rank"], row.Country, row.ECI.toFixed(2));\nreturn data;\n`,
      curl: `curl -s "${ECI}&format=csv"\n`,
    },
  },
  {
    id: "growth",
    code: {
      python: `import requests\nimport pandas as pd\n\nanswer = requests.get("${GROWTH}").json()\nseries = pd.DataFrame(answer["data"]).set_index("Year")\nprint(series[["Trade Value", "Trade Value Growth"]])\n`,
      r: `library(jsonlite)\n\nanswer <- fromJSON("${GROWTH}")\nprint(answer$data[, c("Year", "Trade Value", "Trade Value Growth")])\n`,
      javascript: `const response = await fetch("${GROWTH}");\nconst { data } = await response.json();\nfor (const row of data) console.log(row.Year, row["Trade Value"], row["Trade Value Growth"]);\nreturn data;\n`,
      curl: `curl -s "${GROWTH}&format=csv"\n`,
    },
  },
  {
    id: "bilateral",
    code: {
      python: `import requests\nimport pandas as pd\n\nframes = []\nfor partner in ["chn", "usa"]:\n    url = "${PAIR("{partner}")}".replace("{partner}", partner)\n    rows = pd.DataFrame(requests.get(url).json()["data"])\n    rows["partner"] = partner\n    frames.append(rows)\nboth = pd.concat(frames).pivot(index="Section", columns="partner", values="Trade Value")\nprint(both.sort_values("chn", ascending=False))\n`,
      r: `library(jsonlite)\n\nchina <- fromJSON("${PAIR("chn")}")$data\nusa <- fromJSON("${PAIR("usa")}")$data\nboth <- merge(china[, c("Section", "Trade Value")], usa[, c("Section", "Trade Value")], by = "Section", suffixes = c(".chn", ".usa"))\nprint(both)\n`,
      javascript: `const get = async (partner) => (await (await fetch("${PAIR("{partner}")}".replace("{partner}", partner))).json()).data;\nconst [china, usa] = await Promise.all([get("chn"), get("usa")]);\nconst toUsa = new Map(usa.map((r) => [r.Section, r["Trade Value"]]));\nconst rows = china.map((r) => ({ section: r.Section, china: r["Trade Value"], usa: toUsa.get(r.Section) ?? 0 }));\nconsole.table(rows);\nreturn rows;\n`,
      curl: `curl -s "${PAIR("chn")}&format=csv"\ncurl -s "${PAIR("usa")}&format=csv"\n`,
    },
  },
];

export function notebookCode(notebook: Notebook, language: NotebookLanguage, base: string): string {
  return notebook.code[language].replaceAll("{BASE}", base);
}
