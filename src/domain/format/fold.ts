/** Lower case without accents, apostrophes or dots: "Côte d'Ivoire" and "cote divoire" fold alike, "U.S.A." as "usa". */
export function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}+/gu, "").replace(/['’ʼ`´.]/g, "").toLowerCase();
}
