/**
 * The year a profile's hero describes. Every figure of the hero (the sentence and every card) is
 * of this one year: the asked year when the member traded then, else its newest year with trade.
 */
export function heroYear(yearsWithTrade: readonly number[], asked?: number): number | null {
  if (!yearsWithTrade.length) return null;
  if (asked !== undefined && yearsWithTrade.includes(asked)) return asked;
  return Math.max(...yearsWithTrade);
}
