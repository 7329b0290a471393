/**
 * Other names people type for countries: official and former names, common short forms and
 * abbreviations, in English, Spanish and Chinese. The data package names each country once per
 * language (its common name: "Ivory Coast", "Czechia", "Türkiye"); these find the same profiles
 * from "Côte d'Ivoire", "Czech Republic", "Turkey", "Holland", "USA" or "象牙海岸". Keyed by ISO3.
 * Search folds case, accents and apostrophes, so each name is written once as people write it.
 */
import "server-only";

export const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  are: ["UAE", "Emirates", "EAU", "Emiratos", "阿联酋"],
  bih: ["Bosnia", "波黑"],
  bol: ["Plurinational State of Bolivia", "Estado Plurinacional de Bolivia"],
  brn: ["Brunei Darussalam"],
  chn: ["PRC", "People's Republic of China", "Mainland China", "República Popular China", "中华人民共和国"],
  civ: ["Côte d'Ivoire", "Cote d'Ivoire", "Costa de Marfil", "象牙海岸"],
  cod: ["DRC", "Democratic Republic of the Congo", "Congo-Kinshasa", "Zaire", "República Democrática del Congo", "RDC", "刚果民主共和国", "刚果（金）"],
  cog: ["Republic of the Congo", "Congo-Brazzaville", "República del Congo", "刚果共和国", "刚果（布）"],
  cpv: ["Cape Verde", "Cabo Verde"],
  cze: ["Czech Republic", "República Checa", "捷克共和国"],
  deu: ["Deutschland", "Alemania", "德意志"],
  esp: ["España"],
  gbr: ["UK", "U.K.", "Britain", "Great Britain", "England", "Gran Bretaña", "Inglaterra", "大不列颠", "英格兰"],
  irn: ["Persia", "Islamic Republic of Iran"],
  kor: ["Korea", "Republic of Korea", "Corea", "República de Corea", "韩国", "大韩民国"],
  lao: ["Laos", "Lao PDR"],
  mkd: ["Macedonia", "North Macedonia", "Macedonia del Norte", "马其顿"],
  mmr: ["Burma", "Birmania", "缅甸"],
  nld: ["Holland", "The Netherlands", "Holanda", "荷兰王国"],
  prk: ["DPRK", "North Korea", "Corea del Norte", "朝鲜民主主义人民共和国"],
  rus: ["Russian Federation", "Federación de Rusia", "俄罗斯联邦"],
  swz: ["Swaziland", "Suazilandia", "斯威士兰"],
  syr: ["Syrian Arab Republic"],
  tls: ["East Timor", "Timor Oriental", "东帝汶"],
  tur: ["Turkey", "Turkiye", "Turquia", "土耳其共和国"],
  tza: ["United Republic of Tanzania"],
  usa: ["USA", "U.S.", "U.S.A.", "America", "United States of America", "EEUU", "EE. UU.", "Estados Unidos de América", "美利坚合众国", "美國"],
  ven: ["Bolivarian Republic of Venezuela"],
  vnm: ["Viet Nam"],
};
