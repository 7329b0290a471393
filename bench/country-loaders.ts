/**
 * What a country profile's first render asks of the warehouse (issue 37, "A render that costs
 * little"): the server loaders of /<locale>/profile/country/<id> called in process, in the order
 * and with the arguments the page uses (features/profiles/country/CountryProfile.tsx and
 * sections.tsx), against a fresh process: nothing is in the result cache. For each country, new to
 * the process, prints the warehouse queries the render issued (total and distinct, from the query
 * log) and the time its loaders took (wall clock, and the process's CPU time, DuckDB's threads
 * included, which other work on the machine disturbs less). The catalogue is read, and the warehouse opened, before the
 * first country is timed (as on a server that is up). Figures only, never a pass or fail.
 *
 *   npx tsx bench/country-loaders.ts [--warehouse data/warehouse.duckdb] [--countries bra,deu,sa] [--warm fra] [--list]
 *
 * A continent is named by its id ("sa", "eu"): it takes the continent branches of the page.
 */
import "../scripts/lib/outside-next"; // first: lets server modules load outside Next.js
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";

const CONTINENTS = new Set(["af", "as", "eu", "na", "oc", "sa", "an"]);

async function main() {
  const { values } = parseArgs({
    options: {
      warehouse: { type: "string" },
      countries: { type: "string", default: "bra,deu,chl,usa,jpn,ind,zaf,mex,arg,kor,can,ita,gbr,rus,idn,aus,nga,egy,tur,vnm,sa,eu,af,as" },
      locale: { type: "string", default: "en" },
      list: { type: "boolean", default: false },
      warm: { type: "string", default: "fra" },
    },
  });
  if (values.warehouse) process.env.WAREHOUSE_PATH = values.warehouse;
  process.env.ENABLE_TEST_ROUTES = "1";
  const locale = values.locale as "en" | "es" | "zh";

  const { profileSources, pickYear, newest } = await import("../src/server/profiles/sources");
  const country = await import("../src/server/profiles/country");
  const { loadCountryHero } = await import("../src/server/profiles/countryHero");
  const { loadExportsComparisons } = await import("../src/server/profiles/comparison");
  const { loadCountryGrowth } = await import("../src/server/profiles/countryGrowth");
  const context = await import("../src/server/profiles/countryContext");
  const { loadQualityNotes } = await import("../src/server/catalog/quality");
  const { loadView } = await import("../src/server/visualize/view");
  const { profileView } = await import("../src/domain/visualize/profileViews");
  const { clearIssuedQueries, issuedQueries } = await import("../src/server/warehouse/queryLog");
  const { closeWarehouse } = await import("../src/server/warehouse/db");

  // The server is up: the warehouse open, the catalogues read and the view service's coverage
  // known (once per generation, not per render): one render of another country first, not counted.
  await profileSources();

  /** The loaders of one render of the country (or continent) profile, as the page calls them. */
  async function render(kind: "country" | "continent", id: string): Promise<void> {
    const sources = await profileSources();
    const ref = { kind, id };
    const series = await country.loadCountryTradeSeries(ref, sources, locale);
    if (!series) {
      await country.loadProductOnlyExports(ref, sources, locale);
      return;
    }
    const hero = await loadCountryHero(ref, locale);
    if (!hero) return;
    const productYear = kind === "country" ? pickYear(sources.productExports, undefined) : null;
    const complexityYear = kind === "country" ? newest(sources.complexity) : null;
    const sectionsYear = series.latest;
    const sectionSource = sources.sections.find((s) => s.year === sectionsYear) ?? series.latestSource;
    await Promise.all([
      loadExportsComparisons(ref, hero.year, locale),
      // exports by product (and its quality notes), imports by product
      (async () => {
        const loaded = await country.loadCountryProducts(ref, productYear, "export", productYear?.depth === "hs6" && kind === "country" ? "hs6" : "hs4", locale);
        if (loaded && productYear && loaded.total > 0) await loadQualityNotes({ dataset: productYear.dataset, year: productYear.year, reporter: id }, locale);
      })(),
      country.loadCountryProducts(ref, sources.productImports.at(-1) ?? null, "import", "hs4", locale),
      // exports by section: a country's treemap rows come with the page; a continent's bars
      kind === "country"
        ? loadView(profileView({ chart: "tree_map", country: id, product: "show", time: sectionsYear, depth: "section" }), locale)
        : country.loadCountrySections(ref, sectionSource, sectionsYear, locale),
      // destinations, origins (and the bilateral links: the destinations again)
      country.loadCountryPartners(ref, series.latestSource, series.latest, "export", locale),
      country.loadCountryPartners(ref, series.latestSource, series.latest, "import", locale),
      kind === "country" ? country.loadCountryPartners(ref, series.latestSource, series.latest, "export", locale) : null,
      // economy, services
      kind === "country" ? Promise.all([context.loadCountryIndicators(id, locale), context.loadTradeShareOfGdp(id, locale)]) : null,
      kind === "country" ? context.loadCountryServices(id, locale) : null,
      // growth, complexity
      kind === "country" ? loadCountryGrowth(id, locale) : null,
      kind === "country" && complexityYear
        ? Promise.all([
            context.loadEciHistory(id, locale).catch(() => null),
            country.loadCountryOpportunities(id, sources.complexitySet, complexityYear.year, locale),
            country.loadCountryProducts(ref, sources.productExports.find((s) => s.year === complexityYear.year) ?? null, "export", "hs4", locale),
          ])
        : null,
    ]);
  }

  await render("country", values.warm);

  const times: number[] = [];
  const cpus: number[] = [];
  const counts: number[] = [];
  for (const id of values.countries.split(",").map((s) => s.trim()).filter(Boolean)) {
    const kind = CONTINENTS.has(id) ? "continent" : "country";
    clearIssuedQueries();
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await render(kind, id);
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const log = issuedQueries();
    const total = log.reduce((s, q) => s + q.count, 0);
    times.push(ms);
    cpus.push(cpuMs);
    counts.push(log.length);
    console.log(`${kind.padEnd(9)} ${id.padEnd(4)} ${ms.toFixed(1).padStart(7)} ms (CPU ${cpuMs.toFixed(1).padStart(6)} ms)  queries issued ${String(total).padStart(3)}, distinct ${String(log.length).padStart(3)}`);
    if (values.list) for (const q of log) console.log(`    ${q.count}x ${q.key.length > 220 ? `${q.key.slice(0, 220)}…` : q.key}`);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);
  console.log(
    `median ${median(times).toFixed(1)} ms (CPU ${median(cpus).toFixed(1)} ms) over ${times.length} renders; total ${sum(times).toFixed(0)} ms (CPU ${sum(cpus).toFixed(0)} ms); distinct queries per render: median ${median(counts)}`,
  );
  closeWarehouse();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
