/**
 * The library: datasets, nomenclatures, tariff sources, tools and readings about international
 * trade, as data. Titles and publishers are proper names and stay untranslated; what each entry is
 * for lives in messages under "library.items.{id}" (en/es/zh). Where the licence is a description
 * of terms rather than a licence's own name, `terms` names its translation ("library.terms.{terms}",
 * whose English text is `licence`). The page orders entries by kind, then title.
 */
export const LIBRARY_KINDS = ["dataset", "nomenclature", "tariffs", "reading", "tool"] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

export const LIBRARY_TOPICS = ["officialStatistics", "nomenclatures", "tariffs", "tradePolicy", "services", "complexity"] as const;
export type LibraryTopic = (typeof LIBRARY_TOPICS)[number];

/** Terms that are not a licence of their own name, translated on the page. */
export const LIBRARY_TERMS = ["freeTerms", "freeRegistration", "freemium", "publicDomainUs", "copyrightFreeToRead", "copyrightReproduction", "copyright"] as const;
export type LibraryTerms = (typeof LIBRARY_TERMS)[number];

export interface LibraryEntry {
  id: string;
  kind: LibraryKind;
  /** Proper name of the resource, never translated. */
  title: string;
  publisher: string;
  /** Readings only: authors and year of publication. */
  authors?: string;
  year?: number;
  /** The official address: an organisation's own page for the resource. */
  url: string;
  /** The licence or terms in short, in English ("CC BY 4.0", "Free, terms of use"). */
  licence: string;
  /** Set when `licence` describes terms rather than naming a licence; the page shows its translation. */
  terms?: LibraryTerms;
  topics: readonly LibraryTopic[];
}

export const LIBRARY: readonly LibraryEntry[] = [
  {
    id: "unComtrade",
    kind: "dataset",
    title: "UN Comtrade",
    publisher: "United Nations Statistics Division",
    url: "https://comtradeplus.un.org/",
    licence: "Free basic access, subscription for bulk data, terms of use",
    terms: "freemium",
    topics: ["officialStatistics"],
  },
  {
    id: "baci",
    kind: "dataset",
    title: "BACI: International Trade Database at the Product-Level",
    publisher: "CEPII",
    url: "https://www.cepii.fr/CEPII/en/bdd_modele/bdd_modele_item.asp?id=37",
    licence: "Licence Ouverte / Etalab 2.0",
    topics: ["officialStatistics"],
  },
  {
    id: "wtoStats",
    kind: "dataset",
    title: "WTO Stats",
    publisher: "World Trade Organization",
    url: "https://stats.wto.org/",
    licence: "Free, terms of use",
    terms: "freeTerms",
    topics: ["officialStatistics", "services", "tradePolicy"],
  },
  {
    id: "tiva",
    kind: "dataset",
    title: "Trade in Value Added (TiVA)",
    publisher: "OECD",
    url: "https://www.oecd.org/en/topics/sub-issues/trade-in-value-added.html",
    licence: "CC BY 4.0",
    topics: ["officialStatistics", "services"],
  },
  {
    id: "batis",
    kind: "dataset",
    title: "OECD-WTO Balanced Trade in Services (BaTIS)",
    publisher: "OECD and World Trade Organization",
    url: "https://www.wto.org/english/res_e/statis_e/trade_datasets_e.htm",
    licence: "Free, terms of use",
    terms: "freeTerms",
    topics: ["officialStatistics", "services"],
  },
  {
    id: "wdi",
    kind: "dataset",
    title: "World Development Indicators",
    publisher: "World Bank",
    url: "https://databank.worldbank.org/source/world-development-indicators",
    licence: "CC BY 4.0",
    topics: ["officialStatistics"],
  },
  {
    id: "imfTrade",
    kind: "dataset",
    title: "International Trade in Goods by Partner Country (IMTS, formerly Direction of Trade Statistics)",
    publisher: "International Monetary Fund",
    url: "https://data.imf.org/",
    licence: "Free, terms of use",
    terms: "freeTerms",
    topics: ["officialStatistics"],
  },
  {
    id: "comext",
    kind: "dataset",
    title: "Comext (Easy Comext)",
    publisher: "Eurostat",
    url: "https://ec.europa.eu/eurostat/comext/newxtweb/",
    licence: "CC BY 4.0",
    topics: ["officialStatistics"],
  },
  {
    id: "usaTrade",
    kind: "dataset",
    title: "USA Trade Online",
    publisher: "U.S. Census Bureau",
    url: "https://usatrade.census.gov/",
    licence: "Public domain (U.S. government work), free account",
    terms: "publicDomainUs",
    topics: ["officialStatistics"],
  },
  {
    id: "atlasData",
    kind: "dataset",
    title: "Atlas of Economic Complexity data (Harvard Dataverse)",
    publisher: "Growth Lab at Harvard University",
    url: "https://dataverse.harvard.edu/dataverse/atlas",
    licence: "CC BY-NC-SA 4.0",
    topics: ["complexity", "officialStatistics"],
  },
  {
    id: "harmonizedSystem",
    kind: "nomenclature",
    title: "Harmonized Commodity Description and Coding System (HS)",
    publisher: "World Customs Organization",
    url: "https://www.wcoomd.org/",
    licence: "Copyright, licence needed to reproduce",
    terms: "copyrightReproduction",
    topics: ["nomenclatures", "tariffs"],
  },
  {
    id: "unsdClassifications",
    kind: "nomenclature",
    title: "UNSD Classifications (HS, SITC, BEC, CPC, ISIC)",
    publisher: "United Nations Statistics Division",
    url: "https://unstats.un.org/unsd/classifications/",
    licence: "Free, terms of use",
    terms: "freeTerms",
    topics: ["nomenclatures"],
  },
  {
    id: "hsCorrespondence",
    kind: "nomenclature",
    title: "HS, SITC and BEC correspondence and conversion tables",
    publisher: "United Nations Statistics Division (UN Comtrade)",
    url: "https://unstats.un.org/unsd/trade/classifications/correspondence-tables.asp",
    licence: "Free, terms of use",
    terms: "freeTerms",
    topics: ["nomenclatures"],
  },
  {
    id: "wtoTariffs",
    kind: "tariffs",
    title: "WTO Tariff & Trade Data (Integrated Database and Consolidated Tariff Schedules)",
    publisher: "World Trade Organization",
    url: "https://ttd.wto.org/",
    licence: "Free, terms of use",
    terms: "freeTerms",
    topics: ["tariffs", "tradePolicy"],
  },
  {
    id: "wits",
    kind: "tariffs",
    title: "World Integrated Trade Solution (WITS) with UNCTAD TRAINS",
    publisher: "World Bank, with UNCTAD, ITC, UNSD and WTO",
    url: "https://wits.worldbank.org/",
    licence: "Free with registration, terms of use",
    terms: "freeRegistration",
    topics: ["tariffs", "tradePolicy", "officialStatistics"],
  },
  {
    id: "macMap",
    kind: "tariffs",
    title: "Market Access Map",
    publisher: "International Trade Centre (ITC)",
    url: "https://www.macmap.org/",
    licence: "Free with registration, terms of use",
    terms: "freeRegistration",
    topics: ["tariffs", "tradePolicy"],
  },
  {
    id: "tradeMap",
    kind: "tool",
    title: "Trade Map",
    publisher: "International Trade Centre (ITC)",
    url: "https://www.trademap.org/",
    licence: "Free with registration, terms of use",
    terms: "freeRegistration",
    topics: ["officialStatistics"],
  },
  {
    id: "openTradeStatistics",
    kind: "tool",
    title: "Open Trade Statistics",
    publisher: "Open Trade Statistics (Mauricio Vargas)",
    url: "https://tradestatistics.io/",
    licence: "CC BY-NC 4.0",
    topics: ["officialStatistics", "complexity"],
  },
  {
    id: "practicalGuide",
    kind: "reading",
    title: "A Practical Guide to Trade Policy Analysis",
    publisher: "World Trade Organization and UNCTAD",
    authors: "Marc Bacchetta, Cosimo Beverelli, Olivier Cadot, Marco Fugazza, Jean-Marie Grether, Matthias Helble, Alessandro Nicita, Roberta Piermartini",
    year: 2012,
    url: "https://unctad.org/publication/practical-guide-trade-policy-analysis-volume-1",
    licence: "Copyright, free to read",
    terms: "copyrightFreeToRead",
    topics: ["tradePolicy", "tariffs", "officialStatistics"],
  },
  {
    id: "advancedGuide",
    kind: "reading",
    title: "An Advanced Guide to Trade Policy Analysis: The Structural Gravity Model",
    publisher: "World Trade Organization and UNCTAD",
    authors: "Yoto V. Yotov, Roberta Piermartini, José-Antonio Monteiro, Mario Larch",
    year: 2016,
    url: "https://www.wto.org/english/res_e/publications_e/advancedguide2016_e.htm",
    licence: "Copyright, free to read",
    terms: "copyrightFreeToRead",
    topics: ["tradePolicy"],
  },
  {
    id: "worldTradeFlows",
    kind: "reading",
    title: "World Trade Flows: 1962-2000",
    publisher: "NBER Working Paper 11040",
    authors: "Robert C. Feenstra, Robert E. Lipsey, Haiyan Deng, Alyson C. Ma, Hengyong Mo",
    year: 2005,
    url: "https://www.nber.org/papers/w11040",
    licence: "Copyright, free to read",
    terms: "copyrightFreeToRead",
    topics: ["officialStatistics", "nomenclatures"],
  },
  {
    id: "baciPaper",
    kind: "reading",
    title: "BACI: International Trade Database at the Product-Level. The 1994-2007 Version",
    publisher: "CEPII Working Paper 2010-23",
    authors: "Guillaume Gaulier, Soledad Zignago",
    year: 2010,
    url: "https://www.cepii.fr/CEPII/en/publications/wp/abstract.asp?NoDoc=2726",
    licence: "Copyright, free to read",
    terms: "copyrightFreeToRead",
    topics: ["officialStatistics"],
  },
  {
    id: "atlasBook",
    kind: "reading",
    title: "The Atlas of Economic Complexity: Mapping Paths to Prosperity",
    publisher: "MIT Press",
    authors: "Ricardo Hausmann, César A. Hidalgo, Sebastián Bustos, Michele Coscia, Alexander Simoes, Muhammed A. Yildirim",
    year: 2014,
    url: "https://doi.org/10.7551/mitpress/9647.001.0001",
    licence: "Copyright",
    terms: "copyright",
    topics: ["complexity"],
  },
];

/** The kind named by a query value, or null for anything else (the page then lists everything). */
export function parseLibraryKind(value: string | null | undefined): LibraryKind | null {
  return LIBRARY_KINDS.includes(value as LibraryKind) ? (value as LibraryKind) : null;
}

/** Entries of one kind (all when null), by kind in LIBRARY_KINDS order, then by title. */
export function libraryEntries(kind: LibraryKind | null): LibraryEntry[] {
  const rank = (k: LibraryKind) => LIBRARY_KINDS.indexOf(k);
  return LIBRARY.filter((e) => !kind || e.kind === kind).sort((a, b) => rank(a.kind) - rank(b.kind) || a.title.localeCompare(b.title, "en"));
}
