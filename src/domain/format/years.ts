/**
 * A set of years as people write it: runs of consecutive years joined by an en dash, the rest
 * listed ("1962, 1980, 2017–2019"). Never a bare min–max, which would claim years the data lacks.
 */
export function yearsLabel(list: readonly number[]): string {
  const sorted = [...new Set(list)].sort((a, b) => a - b);
  if (sorted.length === 0) return "";
  const runs: string[] = [];
  let start = sorted[0];
  let prev = sorted[0];
  for (const y of [...sorted.slice(1), NaN]) {
    if (y === prev + 1) {
      prev = y;
      continue;
    }
    runs.push(start === prev ? String(start) : `${start}–${prev}`);
    start = y;
    prev = y;
  }
  return runs.join(", ");
}
