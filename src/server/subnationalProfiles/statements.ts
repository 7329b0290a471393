/**
 * The Australian state profiles' statements (src/server/warehouse/statements.ts): each state's
 * HS4 basket against the PCI of its headings. Tables come from the cube and complexity registries.
 */
import "server-only";
import type { Locale } from "@/domain/i18n/locales";
import type { SqlDialect } from "@/server/warehouse/db";
import { defineStatement } from "@/server/warehouse/statements";

interface BasketTables {
  /** The goods table holding state and hs4. */
  goods: string;
  /** The PCI table of the complexity set. */
  pci: string;
  year: number;
}

const basket = ({ goods, pci }: BasketTables, dialect: SqlDialect) => `
      WITH b AS (SELECT state, hs4, SUM(trade_value_aud) AS v FROM ${dialect.ident(goods)} WHERE year = $year GROUP BY state, hs4 HAVING SUM(trade_value_aud) > 0),
      p AS (SELECT hs4, MAX(pci) AS pci FROM ${dialect.ident(pci)} WHERE year = $year GROUP BY hs4)`;

/** Each state's export-weighted mean PCI and the share of its exports in headings with a PCI. */
export const ausBasketPci = defineStatement<BasketTables, { state: string; meanPci: number | null; coverage: number }>({
  name: "subnationalProfiles.ausBasketPci",
  sql: {
    duckdb: (p, { dialect }) => ({
      sql: `${basket(p, dialect)}
       SELECT b.state, SUM(b.v * p.pci) / NULLIF(SUM(b.v) FILTER (WHERE p.pci IS NOT NULL), 0) AS mean_pci,
         SUM(b.v) FILTER (WHERE p.pci IS NOT NULL) / NULLIF(SUM(b.v), 0) AS coverage
       FROM b LEFT JOIN p ON p.hs4 = b.hs4 GROUP BY b.state`,
      params: { year: p.year },
    }),
  },
  map: (r) => ({ state: String(r.state), meanPci: r.mean_pci === null ? null : Number(r.mean_pci), coverage: Number(r.coverage ?? 0) }),
});

const NAME: Record<Locale, string> = { en: "name_en", es: "name_es", zh: "name_zh" };

/** A state's ten most complex headings among those worth at least `minShare` of its exports. */
export const ausTopComplex = defineStatement<
  BasketTables & { state: string; minShare: number; hs4Members: string; locale: Locale },
  { hs4: string; name: string; pci: number; value: number; share: number }
>({
  name: "subnationalProfiles.ausTopComplex",
  sql: {
    duckdb: (p, { dialect }) => ({
      sql: `${basket(p, dialect)},
       own AS (SELECT hs4, v, v / SUM(v) OVER () AS share FROM b WHERE state = $state)
       SELECT own.hs4, COALESCE(m.${NAME[p.locale]}, m.name_en, own.hs4) AS name, p.pci, own.v AS value, own.share
       FROM own JOIN p ON p.hs4 = own.hs4 LEFT JOIN ${dialect.ident(p.hs4Members)} m ON m.id = own.hs4
       WHERE own.share >= $minShare ORDER BY p.pci DESC, own.hs4 LIMIT 10`,
      params: { year: p.year, state: p.state, minShare: p.minShare },
    }),
  },
  map: (r) => ({ hs4: String(r.hs4), name: String(r.name), pci: Number(r.pci), value: Number(r.value), share: Number(r.share) }),
});
