/** Text handling for search: word segmentation that works for Chinese, accent and case folding. */
import "server-only";
import { fold } from "@/domain/format/fold";
const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

export { fold };

/**
 * The word with two neighbouring letters swapped, each way ("chlie" -> "hclie", "clhie", "chile",
 * "chlei"): a transposition is one typo to a reader, two to an edit distance. Latin words of four
 * letters or more only.
 */
export function transpositions(term: string): string[] {
  if (term.length < 4 || !/^[a-z]+$/.test(term)) return [];
  const out = new Set<string>();
  for (let i = 0; i + 1 < term.length; i++) {
    if (term[i] === term[i + 1]) continue;
    out.add(term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2));
  }
  return [...out];
}

/**
 * Words of a text. ICU cuts most Chinese names into single characters, so each run of Chinese
 * characters also yields its overlapping character pairs: "铜矿" then matches only names that
 * contain those two characters side by side.
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  let run = "";
  const flush = () => {
    for (let i = 0; i + 2 <= run.length; i++) out.push(run.slice(i, i + 2));
    run = "";
  };
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike) {
      flush();
      continue;
    }
    out.push(segment);
    if (CJK.test(segment)) run += segment;
    else flush();
  }
  flush();
  return out;
}

/** Query words, folded; connector words between two names are dropped. */
const CONNECTORS = new Set(["and", "y", "e", "vs", "versus", "to", "和", "与", "对", "及"]);

export function queryTerms(query: string): string[] {
  const terms = tokenize(query.slice(0, 200)).map(fold);
  return terms.length > 2 ? terms.filter((t, i) => i === 0 || i === terms.length - 1 || !CONNECTORS.has(t)) : terms;
}

export function normalisedPhrase(text: string): string {
  return tokenize(text).map(fold).join(" ");
}
