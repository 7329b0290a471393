/**
 * The research behind the site's measures, as data: full citation, DOI where one exists, topics.
 * Summaries live in messages under "publications.items.{id}" (en/es/zh). Newest first is decided
 * by the page; this list is in no particular order.
 */
export const PUBLICATION_TOPICS = ["complexity", "productSpace", "fitness", "comparativeAdvantage", "tradeData"] as const;
export type PublicationTopic = (typeof PUBLICATION_TOPICS)[number];

export interface Publication {
  id: string;
  authors: string;
  year: number;
  title: string;
  /** Journal, publisher or series, with volume and pages where they apply. */
  venue: string;
  doi?: string;
  url?: string;
  topics: readonly PublicationTopic[];
}

export const PUBLICATIONS: readonly Publication[] = [
  {
    id: "buildingBlocks",
    authors: "César A. Hidalgo, Ricardo Hausmann",
    year: 2009,
    title: "The building blocks of economic complexity",
    venue: "Proceedings of the National Academy of Sciences 106(26), 10570–10575",
    doi: "10.1073/pnas.0900943106",
    topics: ["complexity"],
  },
  {
    id: "productSpace",
    authors: "César A. Hidalgo, Bailey Klinger, Albert-László Barabási, Ricardo Hausmann",
    year: 2007,
    title: "The Product Space Conditions the Development of Nations",
    venue: "Science 317(5837), 482–487",
    doi: "10.1126/science.1144581",
    topics: ["productSpace", "complexity"],
  },
  {
    id: "atlas",
    authors: "Ricardo Hausmann, César A. Hidalgo, Sebastián Bustos, Michele Coscia, Alexander Simoes, Muhammed A. Yildirim",
    year: 2014,
    title: "The Atlas of Economic Complexity: Mapping Paths to Prosperity",
    venue: "MIT Press",
    doi: "10.7551/mitpress/9647.001.0001",
    topics: ["complexity", "productSpace"],
  },
  {
    id: "fitness",
    authors: "Andrea Tacchella, Matthieu Cristelli, Guido Caldarelli, Andrea Gabrielli, Luciano Pietronero",
    year: 2012,
    title: "A New Metrics for Countries' Fitness and Products' Complexity",
    venue: "Scientific Reports 2, 723",
    doi: "10.1038/srep00723",
    topics: ["fitness", "complexity"],
  },
  {
    id: "heterogeneousDynamics",
    authors: "Matthieu Cristelli, Andrea Tacchella, Luciano Pietronero",
    year: 2015,
    title: "The Heterogeneous Dynamics of Economic Complexity",
    venue: "PLOS ONE 10(2), e0117174",
    doi: "10.1371/journal.pone.0117174",
    topics: ["fitness", "complexity"],
  },
  {
    id: "whatYouExport",
    authors: "Ricardo Hausmann, Jason Hwang, Dani Rodrik",
    year: 2007,
    title: "What you export matters",
    venue: "Journal of Economic Growth 12(1), 1–25",
    doi: "10.1007/s10887-006-9009-4",
    topics: ["complexity"],
  },
  {
    id: "balassa",
    authors: "Bela Balassa",
    year: 1965,
    title: "Trade Liberalisation and “Revealed” Comparative Advantage",
    venue: "The Manchester School 33(2), 99–123",
    doi: "10.1111/j.1467-9957.1965.tb00050.x",
    topics: ["comparativeAdvantage"],
  },
  {
    id: "interpreting",
    authors: "Penny Mealy, J. Doyne Farmer, Alexander Teytelboym",
    year: 2019,
    title: "Interpreting economic complexity",
    venue: "Science Advances 5(1), eaau1705",
    doi: "10.1126/sciadv.aau1705",
    topics: ["complexity"],
  },
  {
    id: "theoryApplications",
    authors: "César A. Hidalgo",
    year: 2021,
    title: "Economic complexity theory and applications",
    venue: "Nature Reviews Physics 3, 92–113",
    doi: "10.1038/s42254-020-00275-1",
    topics: ["complexity", "productSpace"],
  },
  {
    id: "baci",
    authors: "Guillaume Gaulier, Soledad Zignago",
    year: 2010,
    title: "BACI: International Trade Database at the Product-Level. The 1994–2007 Version",
    venue: "CEPII Working Paper 2010-23",
    url: "https://www.cepii.fr/CEPII/en/bdd_modele/bdd_modele_item.asp?id=37",
    topics: ["tradeData"],
  },
];

/** DOI or URL link of a publication. */
export function publicationLink(p: Publication): string | null {
  return p.doi ? `https://doi.org/${p.doi}` : (p.url ?? null);
}
