/**
 * International organisations and their members, kept as data (ISO3, lower case). Membership is
 * current membership (2026); profiles apply it to every year, and say so.
 */
export interface Organization {
  id: string;
  names: { en: string; es: string; zh: string };
  members: string[];
}

const EU = ["aut", "bel", "bgr", "hrv", "cyp", "cze", "dnk", "est", "fin", "fra", "deu", "grc", "hun", "irl", "ita", "lva", "ltu", "lux", "mlt", "nld", "pol", "prt", "rou", "svk", "svn", "esp", "swe"];

export const ORGANIZATIONS: Organization[] = [
  { id: "eu", names: { en: "European Union", es: "Unión Europea", zh: "欧洲联盟" }, members: EU },
  {
    id: "asean",
    names: { en: "ASEAN", es: "ASEAN", zh: "东南亚国家联盟" },
    members: ["brn", "khm", "idn", "lao", "mys", "mmr", "phl", "sgp", "tha", "vnm"],
  },
  { id: "mercosur", names: { en: "Mercosur", es: "Mercosur", zh: "南方共同市场" }, members: ["arg", "bra", "pry", "ury", "bol"] },
  { id: "usmca", names: { en: "USMCA", es: "T-MEC", zh: "美墨加协定" }, members: ["usa", "mex", "can"] },
  {
    id: "au",
    names: { en: "African Union", es: "Unión Africana", zh: "非洲联盟" },
    members: [
      "dza", "ago", "ben", "bwa", "bfa", "bdi", "cpv", "cmr", "caf", "tcd", "com", "cog", "cod", "civ", "dji", "egy", "gnq", "eri", "swz", "eth",
      "gab", "gmb", "gha", "gin", "gnb", "ken", "lso", "lbr", "lby", "mdg", "mwi", "mli", "mrt", "mus", "mar", "moz", "nam", "ner", "nga", "rwa",
      "esh", "stp", "sen", "syc", "sle", "som", "zaf", "ssd", "sdn", "tza", "tgo", "tun", "uga", "zmb", "zwe",
    ],
  },
  {
    id: "opec",
    names: { en: "OPEC", es: "OPEP", zh: "石油输出国组织" },
    members: ["dza", "cog", "gnq", "gab", "irn", "irq", "kwt", "lby", "nga", "sau", "are", "ven"],
  },
  { id: "g7", names: { en: "G7", es: "G7", zh: "七国集团" }, members: ["can", "fra", "deu", "ita", "jpn", "gbr", "usa"] },
  {
    id: "g20",
    names: { en: "G20", es: "G20", zh: "二十国集团" },
    members: ["arg", "aus", "bra", "can", "chn", "fra", "deu", "ind", "idn", "ita", "jpn", "kor", "mex", "rus", "sau", "zaf", "tur", "gbr", "usa"],
  },
  {
    id: "brics",
    names: { en: "BRICS", es: "BRICS", zh: "金砖国家" },
    members: ["bra", "rus", "ind", "chn", "zaf", "egy", "eth", "irn", "are", "idn"],
  },
  { id: "pacific-alliance", names: { en: "Pacific Alliance", es: "Alianza del Pacífico", zh: "太平洋联盟" }, members: ["chl", "col", "mex", "per"] },
  { id: "andean-community", names: { en: "Andean Community", es: "Comunidad Andina", zh: "安第斯共同体" }, members: ["bol", "col", "ecu", "per"] },
  {
    id: "gcc",
    names: { en: "Gulf Cooperation Council", es: "Consejo de Cooperación del Golfo", zh: "海湾阿拉伯国家合作委员会" },
    members: ["bhr", "kwt", "omn", "qat", "sau", "are"],
  },
  { id: "efta", names: { en: "EFTA", es: "AELC", zh: "欧洲自由贸易联盟" }, members: ["isl", "lie", "nor", "che"] },
  { id: "eaeu", names: { en: "Eurasian Economic Union", es: "Unión Económica Euroasiática", zh: "欧亚经济联盟" }, members: ["arm", "blr", "kaz", "kgz", "rus"] },
  { id: "sacu", names: { en: "Southern African Customs Union", es: "Unión Aduanera de África Austral", zh: "南部非洲关税同盟" }, members: ["zaf", "bwa", "lso", "nam", "swz"] },
  {
    id: "oecd",
    names: { en: "OECD", es: "OCDE", zh: "经济合作与发展组织" },
    members: [
      "aus", "aut", "bel", "can", "chl", "col", "cri", "cze", "dnk", "est", "fin", "fra", "deu", "grc", "hun", "isl", "irl", "isr", "ita", "jpn",
      "kor", "lva", "ltu", "lux", "mex", "nld", "nzl", "nor", "pol", "prt", "svk", "svn", "esp", "swe", "che", "tur", "gbr", "usa",
    ],
  },
];

export function findOrganization(id: string): Organization | undefined {
  return ORGANIZATIONS.find((org) => org.id === id);
}
