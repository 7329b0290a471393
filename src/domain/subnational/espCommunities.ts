/**
 * Spain's autonomous communities and the INE province codes each one groups: 52 provinces in 17
 * communities plus the autonomous cities of Ceuta and Melilla. Community ids are the OEC ids of
 * geo/esp_autonomous.topojson (101-118, properties.id); that file draws Ceuta and Melilla as one
 * feature ("Ceuta y Melilla", 118), so Ceuta keeps 118 and Melilla, which has no feature of its own,
 * is 119 and is drawn in feature 118 (ESP_COMMUNITY_FEATURE). `ine` is the INE community code
 * (CODAUTO). Province 99 of the trade data ("Sin provincia asignada") belongs to no community: it
 * maps to ESP_UNASSIGNED_COMMUNITY. Names: Spanish official forms as in the geometry file, with
 * English and Chinese exonyms.
 */
export interface EspCommunity {
  readonly id: number;
  readonly ine: string;
  readonly name: { readonly en: string; readonly es: string; readonly zh: string };
  /** INE province codes (1-52). */
  readonly provinces: readonly number[];
  readonly kind: "community" | "city";
}

export const ESP_COMMUNITIES: readonly EspCommunity[] = [
  { id: 101, ine: "01", name: { en: "Andalusia", es: "Andalucía", zh: "安达卢西亚" }, provinces: [4, 11, 14, 18, 21, 23, 29, 41], kind: "community" },
  { id: 102, ine: "02", name: { en: "Aragon", es: "Aragón", zh: "阿拉贡" }, provinces: [22, 44, 50], kind: "community" },
  { id: 103, ine: "03", name: { en: "Asturias", es: "Principado de Asturias", zh: "阿斯图里亚斯" }, provinces: [33], kind: "community" },
  { id: 104, ine: "06", name: { en: "Cantabria", es: "Cantabria", zh: "坎塔布里亚" }, provinces: [39], kind: "community" },
  { id: 105, ine: "07", name: { en: "Castile and León", es: "Castilla y León", zh: "卡斯蒂利亚-莱昂" }, provinces: [5, 9, 24, 34, 37, 40, 42, 47, 49], kind: "community" },
  { id: 106, ine: "08", name: { en: "Castilla-La Mancha", es: "Castilla-La Mancha", zh: "卡斯蒂利亚-拉曼恰" }, provinces: [2, 13, 16, 19, 45], kind: "community" },
  { id: 107, ine: "09", name: { en: "Catalonia", es: "Cataluña", zh: "加泰罗尼亚" }, provinces: [8, 17, 25, 43], kind: "community" },
  { id: 108, ine: "13", name: { en: "Community of Madrid", es: "Comunidad de Madrid", zh: "马德里自治区" }, provinces: [28], kind: "community" },
  { id: 109, ine: "10", name: { en: "Valencian Community", es: "Comunidad Valenciana", zh: "巴伦西亚自治区" }, provinces: [3, 12, 46], kind: "community" },
  { id: 110, ine: "11", name: { en: "Extremadura", es: "Extremadura", zh: "埃斯特雷马杜拉" }, provinces: [6, 10], kind: "community" },
  { id: 111, ine: "12", name: { en: "Galicia", es: "Galicia", zh: "加利西亚" }, provinces: [15, 27, 32, 36], kind: "community" },
  { id: 112, ine: "04", name: { en: "Balearic Islands", es: "Islas Baleares", zh: "巴利阿里群岛" }, provinces: [7], kind: "community" },
  { id: 113, ine: "05", name: { en: "Canary Islands", es: "Islas Canarias", zh: "加那利群岛" }, provinces: [35, 38], kind: "community" },
  { id: 114, ine: "17", name: { en: "La Rioja", es: "La Rioja", zh: "拉里奥哈" }, provinces: [26], kind: "community" },
  { id: 115, ine: "15", name: { en: "Navarre", es: "Comunidad Foral de Navarra", zh: "纳瓦拉" }, provinces: [31], kind: "community" },
  { id: 116, ine: "16", name: { en: "Basque Country", es: "País Vasco", zh: "巴斯克自治区" }, provinces: [1, 20, 48], kind: "community" },
  { id: 117, ine: "14", name: { en: "Region of Murcia", es: "Región de Murcia", zh: "穆尔西亚" }, provinces: [30], kind: "community" },
  { id: 118, ine: "18", name: { en: "Ceuta", es: "Ceuta", zh: "休达" }, provinces: [51], kind: "city" },
  { id: 119, ine: "19", name: { en: "Melilla", es: "Melilla", zh: "梅利利亚" }, provinces: [52], kind: "city" },
];

/** Province 99 of the trade data has no community; its own id keeps totals whole. */
export const ESP_UNASSIGNED_COMMUNITY = {
  id: 199,
  name: { en: "No community assigned", es: "Sin comunidad asignada", zh: "未分配自治区" },
  provinces: [99],
} as const;

/** The geometry feature (geo/esp_autonomous.topojson properties.id) a community is drawn in. */
export const ESP_COMMUNITY_FEATURE: Readonly<Record<number, number>> = Object.fromEntries(
  ESP_COMMUNITIES.map((c) => [c.id, c.id === 119 ? 118 : c.id]),
);

const BY_PROVINCE = new Map<number, EspCommunity>(ESP_COMMUNITIES.flatMap((c) => c.provinces.map((p) => [p, c] as const)));
const BY_ID = new Map<number, EspCommunity>(ESP_COMMUNITIES.map((c) => [c.id, c]));

/** The community of an INE province code, or null (province 99, unknown codes). */
export function communityOfProvince(province: number): EspCommunity | null {
  return BY_PROVINCE.get(province) ?? null;
}

export function espCommunity(id: number): EspCommunity | null {
  return BY_ID.get(id) ?? null;
}

/** A community id from a URL segment ("107"), or null; never throws. */
export function parseEspCommunityId(value: string | null | undefined): number | null {
  if (typeof value !== "string" || !/^\d{3}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return BY_ID.has(id) ? id : null;
}

/**
 * Values per community folded onto the geometry's features: Ceuta and Melilla add up in the one
 * feature that draws both. Unknown ids are dropped.
 */
export function communityFeatureValues(values: readonly { id: number; value: number }[]): { id: number; value: number }[] {
  const sums = new Map<number, number>();
  for (const v of values) {
    const feature = ESP_COMMUNITY_FEATURE[v.id];
    if (feature === undefined) continue;
    sums.set(feature, (sums.get(feature) ?? 0) + v.value);
  }
  return [...sums].map(([id, value]) => ({ id, value }));
}
