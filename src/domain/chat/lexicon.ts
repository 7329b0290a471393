/**
 * The interpreter's vocabulary in English, Spanish and Chinese: the words that say what a question
 * asks (intent, flow, index), the words that carry no meaning for it, and a few everyday product
 * names the nomenclature writes otherwise ("oil" for Crude Petroleum, "铜" for Copper). Patterns
 * run on folded text (lower case, no accents or apostrophes), so "qué" is written "que".
 * Entity names themselves come from the data (the profile search index), never from here.
 */

/** A Latin word pattern bounded by non-letters; Chinese patterns need no bounds. */
const w = (body: string) => `(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`;
const re = (latin: string, han?: string) => new RegExp(han ? `${w(latin)}|${han}` : w(latin), "gu");

/** What a question asks for. "who" and "partners" are settled by what else it names. */
export type IntentTag = "topProducts" | "topPartners" | "who" | "what" | "value" | "growth" | "compare" | "ranking" | "opportunities";

export const INTENT_PATTERNS: ReadonlyArray<readonly [IntentTag, RegExp]> = [
  [
    "opportunities",
    re(
      "export next|sell next|next|opportunit\\w*|diversif\\w*|could (?:it |they )?(?:start to )?export|can (?:it |they )?export next|should (?:it |they )?export|potential|new products|new exports|" +
        "oportunidad\\w*|diversific\\w*|podria exportar|puede exportar a continuacion|deberia exportar|potencial|nuevos productos|nuevas exportaciones|proxim\\w+|siguiente",
      "机会|下一步|还能出口|还可以出口|可以出口什么|能出口什么|潜力|多元化|新产品",
    ),
  ],
  [
    "ranking",
    re(
      "rank|ranks|ranking|rankings|ranked|most complex|least complex|complexity|eci|pci|top exporters|largest exporters|biggest exporters|leading exporters|main exporters|top importers|largest importers|biggest importers|leading importers|main importers|" +
        "clasificacion|posicion|puesto|mas complej\\w*|menos complej\\w*|complejidad|mayores exportadores|principales exportadores|mayores importadores|principales importadores",
      "排名|排行|复杂度|最复杂|最大的出口国|最大出口国|主要出口国|出口大国|最大的进口国|最大进口国|主要进口国|进口大国",
    ),
  ],
  ["compare", re("compare|comparison|compared|versus|vs|against|compara|comparar|comparacion|comparado|frente a|contra", "比较|对比|相比|相较|比一比")],
  [
    "growth",
    re(
      "grow|grew|grown|growth|change|changed|changes|evolution|evolve|evolved|increase|increased|decrease|decreased|rise|rose|fall|fell|trend|over time|history|" +
        "crecio|crecimiento|crecer|han crecido|cambio|cambiado|cambiaron|evolucion|evoluciono|aumento|aumentado|disminuyo|tendencia|variacion|historia",
      "增长|增加|变化|趋势|演变|减少|下降|上升|变动",
    ),
  ],
  [
    "topPartners",
    re(
      "where|partners?|trading partners?|destinations?|markets?|buyers?|customers?|suppliers?|to whom|from whom|(?:export|exports|exported|sell|sells|sold|ship|ships)\\s+to(?=\\s*[?!.]*\\s*$)|(?:import|imports|imported|buy|buys|bought)\\s+from(?=\\s*[?!.]*\\s*$)|" +
        "a donde|adonde|donde|a que paises|de que paises|a quien(?:es)?|de quien(?:es)?|socios?|socios comerciales|destinos?|mercados?|compradores|clientes|proveedores|origen(?:es)?",
      "哪里|哪儿|伙伴|目的地|市场|来源地|从哪|向哪|卖给谁|卖到|出口到哪|从哪些国家|向哪些国家|出口到哪些",
    ),
  ],
  ["who", re("who|which countries|what countries|which country|quien|quienes|que paises|cuales paises|que pais", "谁|哪些国家|哪个国家|哪国")],
  [
    "topProducts",
    re(
      "which products|what products|products?|goods|main exports|main imports|top exports|top imports|biggest exports|export basket|" +
        "productos?|bienes|canasta|principales exportaciones|principales importaciones",
      "哪些产品|产品|商品|主要出口|主要进口",
    ),
  ],
  // "What": products only when a flow is named ("what does Chile export?", not "what is the capital of France?").
  ["what", re("what|que|cuales|cual", "什么|啥")],
  ["value", re("how much|total|value|worth|amount|volume|cuanto|cuanta|cuantos|valor|monto", "多少|总额|价值|金额|总值|规模")],
];

/** Which index a ranking asks for. */
export const INDEX_PATTERNS: ReadonlyArray<readonly ["eci" | "pci" | "trade", RegExp]> = [
  ["pci", re("pci|product complexity|most complex products|least complex products|complejidad del producto|complejidad de productos|productos mas complejos", "产品复杂|最复杂的产品")],
  ["eci", re("eci|economic complexity|most complex economies|most complex countries|complejidad economica|economias mas complejas|paises mas complejos", "经济复杂|最复杂的经济体|最复杂的国家")],
  ["trade", re("top exporters|largest exporters|biggest exporters|leading exporters|main exporters|top importers|largest importers|biggest importers|leading importers|main importers|mayores exportadores|principales exportadores|mayores importadores|principales importadores", "最大的出口国|最大出口国|主要出口国|出口大国|最大的进口国|最大进口国|主要进口国|进口大国")],
];

/** "Complexity" alone: of products when products are mentioned. */
export const PRODUCT_WORDS = re("products?|productos?|goods|bienes", "产品|商品");

export const FLOW_PATTERNS: ReadonlyArray<readonly ["export" | "import" | "balance", RegExp]> = [
  ["balance", re("trade balance|balance|surplus|deficit|balanza comercial|balanza|superavit|saldo", "顺差|逆差|贸易差额|贸易平衡|差额|余额")],
  ["export", re("export\\w*|sell|sells|selling|sold|ship|ships|shipped|vend\\w*", "出口|卖")],
  ["import", re("import\\w*|buy|buys|buying|bought|purchas\\w*|compr\\w*", "进口|买")],
];

/** A question that continues the previous one ("and imports?", "what about 2010?", "y Perú?", "那进口呢？"). */
export const FOLLOW_UP = new RegExp(`^\\s*[¿¡]?\\s*(?:${w("and|and what about|what about|how about|same for|now|also|y|y que tal|que tal|y en|y para|tambien|ahora|e")}|那|那么)|(?:呢|那)\\s*[?？!！。]*\\s*$`, "u");

/** A word standing for the place of the previous question ("its ranking", "su puesto", "它的排名"). */
export const PRONOUN = re("it|its|their|they|them|there|su|sus|ella|ellos|alli|ahi", "它|其|该国|这个国家|他们");

/** Between two places: the second is the partner ("Chile to China", "智利对中国"), not a second subject. */
export const PARTNER_MARKERS = re("to|from|with|into|a|al|hacia|desde|con|de|del|para", "对|向|从|到|往|自");

/** Between two places: two subjects ("Chile and Peru", "智利和秘鲁"). */
export const PAIR_MARKERS = re("and|y|e|or|o|vs|versus|against|frente a|contra|compared to|compared with", "和|与|跟|同|及|对比|比较|相比");

/**
 * Words that carry no entity: never the first or last word of an entity phrase, never looked up
 * fuzzily. Question words, articles, prepositions, auxiliaries and this domain's verbs.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a about after all also am an and any are as at be been before between biggest both by can could data did do does during each economy economies every for from " +
      "had has have how i in into is it its largest main me most much my new next of on or other our over please same show since so " +
      "some than that the their them then there these they this those to top total trade traded up us was we were what when where which who whom why will " +
      "with would year years you your between country countries tell give list most much many value worth main today now recent latest newest " +
      "al algo ano anos cual cuales cuanto cuanta cuantos como con de del desde donde el ella ellos en entre era es esa ese eso esta este esto fue ha han hasta " +
      "la las le les lo los mas me mi muy no nos o para pais paises pero por porque que quien se ser si sin sobre su sus tambien te tiene todo un una unos uno y ya " +
      "ano total valor principales principal mayores mayor hoy ahora dime muestrame"
  ).split(/\s+/),
);

/** Chinese function words and fillers left between names ("的", "了", "吗"), removed before a fuzzy look-up. */
export const HAN_FILLERS = /[经济体的了吗呢是在年有最大主要哪些个国家请问给我看一下和与对向从到往自都也就还那么么该其它他们它们这些这个去今近来以起开始至]/gu;

/**
 * Everyday names of products the nomenclature names otherwise, and short names of groups, keyed by
 * entity ("hs4:2709", "organization:eu"). Written as people write them; the dictionary folds them.
 */
export const ENTITY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  "hs4:2709": ["oil", "crude oil", "crude", "petroleum", "petroleo", "crudo", "石油", "原油"],
  "hs4:2711": ["natural gas", "gas natural", "lng", "天然气"],
  "hs4:1201": ["soy", "soya", "soybean", "soybeans", "soja", "soya beans", "大豆"],
  "hs4:8703": ["car", "cars", "automobiles", "autos", "coches", "automoviles", "carros", "汽车", "轿车"],
  "hs4:0901": ["coffee", "cafe", "咖啡"],
  "hs4:2204": ["wine", "vino", "vinos", "葡萄酒"],
  "hs4:0803": ["bananas", "banana", "platanos", "bananos", "香蕉"],
  "hs4:2603": ["copper ore", "mineral de cobre", "minerales de cobre", "铜矿", "铜矿石", "铜精矿"],
  "hs4:2601": ["iron ore", "mineral de hierro", "minerales de hierro", "铁矿", "铁矿石"],
  "hs4:7108": ["gold", "oro", "黄金"],
  "hs4:8542": ["chips", "microchips", "semiconductors", "integrated circuits", "semiconductores", "circuitos integrados", "芯片", "集成电路", "半导体"],
  "hs4:3004": ["medicines", "medicine", "drugs", "pharmaceuticals", "medicamentos", "药品", "药物"],
  "hs4:8517": ["phones", "telephones", "mobile phones", "cell phones", "smartphones", "telefonos", "celulares", "手机", "电话"],
  "hs4:8471": ["computers", "computadoras", "ordenadores", "computadores", "电脑", "计算机"],
  "hs2:74": ["copper", "cobre", "铜"],
  "hs2:27": ["fuels", "mineral fuels", "combustibles", "燃料"],
  "hs2:87": ["vehicles", "vehiculos", "车辆"],
  "organization:eu": ["欧盟", "欧洲联盟", "EU", "UE", "the EU", "la UE"],
  "organization:asean": ["东盟", "东南亚国家联盟"],
  "organization:mercosur": ["南共市", "Mercosul", "Mercado Comun del Sur", "Southern Common Market"],
  "organization:opec": ["欧佩克", "石油输出国组织", "OPEP"],
  "organization:brics": ["金砖国家", "金砖"],
  "organization:g7": ["七国集团", "G7", "Group of Seven", "Grupo de los Siete"],
  "organization:g20": ["二十国集团", "G20"],
  "organization:oecd": ["经合组织", "OECD", "OCDE"],
  "organization:usmca": ["NAFTA", "TLCAN", "北美自由贸易协定"],
};

/** The world as people name it; "world" itself is a name in the index. */
export const WORLD_ALIASES: readonly string[] = ["world", "the world", "worldwide", "global", "globally", "mundo", "el mundo", "mundial", "todo el mundo", "世界", "全球", "全世界"];

/** Chinese names of one character (most one-character words are not names). */
export const SINGLE_HAN_NAMES: ReadonlySet<string> = new Set(["铜"]);
