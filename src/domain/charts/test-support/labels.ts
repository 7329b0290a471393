import type { ChartLabels } from "../types";

/** The English chart labels, for tests of the option generators and presentation rules. */
export const EN_CHART_LABELS: ChartLabels = {
  tooltip: {
    rca: "RCA",
    relatedness: "Relatedness",
    marketShare: "Market Share",
    delta: "Delta",
    tradeValue: "Trade Value",
    growth: "Growth",
    percent: "Percent",
    year: "Year",
    month: "Month",
    quarter: "Quarter",
  },
  fallbacks: { unspecifiedTerritories: "Unspecified Territories", multipleItems: "Multiple Items", otherValues: "Other values" },
  total: "Total",
  measures: { gdp_per_capita: "GDP per capita", trade_value: "Trade value", rca: "RCA", world_trade: "World trade", population: "Population", eci: "ECI", eci_rank: "ECI rank" },
  worldTrade: "World trade",
  noData: "No data",
  smallerItems: (count) => `${count} smaller items`,
};
