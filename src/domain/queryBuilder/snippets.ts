/**
 * The explorer's "use it elsewhere" snippets: the /api/data URL as curl and as Python (requests +
 * pandas). Values are written as JSON strings, which are valid Python string literals, and the
 * shell command single-quotes the URL (quotes inside it are percent-encoded by URLSearchParams).
 */

/** `curl` for an absolute URL (single-quoted; a single quote in it is closed and escaped). */
export function curlSnippet(absoluteUrl: string): string {
  return `curl -s '${absoluteUrl.replace(/'/g, `'\\''`)}'`;
}

/** Python reading the same answer into a DataFrame; repeated parameters (cut) become lists. */
export function pythonSnippet(origin: string, apiPath: string): string {
  const [path, query = ""] = apiPath.split("?");
  const params = new URLSearchParams(query);
  const grouped = new Map<string, string[]>();
  for (const [key, value] of params) grouped.set(key, [...(grouped.get(key) ?? []), value]);
  const lines = [...grouped.entries()].map(([key, values]) => `    ${JSON.stringify(key)}: ${values.length > 1 ? `[${values.map((v) => JSON.stringify(v)).join(", ")}]` : JSON.stringify(values[0])},`);
  return [
    "import pandas as pd",
    "import requests",
    "",
    "params = {",
    ...lines,
    "}",
    `response = requests.get(${JSON.stringify(`${origin}${path}`)}, params=params, timeout=60)`,
    "response.raise_for_status()",
    'df = pd.DataFrame(response.json()["data"])',
    "print(df.head())",
  ].join("\n");
}
