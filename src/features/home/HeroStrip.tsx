import { getTranslations } from "next-intl/server";
import { formatPercent } from "@/domain/format";
import { withLocale, type Locale } from "@/domain/i18n/locales";
import { formatMoney } from "@/features/profiles/format";
import { sourceLine, sourceNames } from "@/features/profiles/sourceNames";
import type { HomeHero } from "@/server/profiles/homeHero";
import { HERO_ROW, HERO_WIDTH, heroBars } from "./heroBars";
import classes from "./HomePage.module.css";

/**
 * The hero's visual: the world's largest exports by product in the newest year, drawn on the
 * server as SVG bars (no chart library on the home page), each a link to its product profile,
 * with its value, its share of the year's total, the source and the year.
 */
export async function HeroStrip({ hero, locale }: { hero: HomeHero; locale: Locale }) {
  const [t, names] = await Promise.all([getTranslations({ locale, namespace: "home.hero" }), sourceNames(locale)]);
  const bars = heroBars(hero.rows, HERO_WIDTH, locale === "zh" ? 26 : 34);
  const height = bars.length * HERO_ROW;
  return (
    <figure className={classes.heroFigure} data-testid="hero-visual" data-year={hero.year}>
      <figcaption className={classes.heroCaption}>{t("title", { year: hero.year })}</figcaption>
      {/* No role="img": its children would be presentational, and each bar is a link named by its <title>. */}
      <svg viewBox={`0 0 ${HERO_WIDTH} ${height}`} width="100%" className={classes.heroSvg}>
        {bars.map((bar) => (
          <a key={bar.row.id} href={withLocale(`/profile/hs/${bar.row.id}`, locale)} className={classes.heroRow} data-product={bar.row.id}>
            <title>{`${bar.row.name}: ${formatMoney(bar.row.value, locale)}`}</title>
            <text x={0} y={bar.y + 15} className={classes.heroLabel}>
              {bar.label}
            </text>
            <text x={HERO_WIDTH} y={bar.y + 15} textAnchor="end" className={classes.heroValue}>
              {bar.row.share !== null ? `${formatMoney(bar.row.value, locale)} · ${formatPercent(bar.row.share, locale)}` : formatMoney(bar.row.value, locale)}
            </text>
            <rect x={0} y={bar.y + 22} width={bar.length} height={14} rx={3} style={{ fill: bar.row.color ?? "var(--mantine-primary-color-filled)" }} />
          </a>
        ))}
      </svg>
      <p className={classes.heroSource}>
        {t("source", { source: sourceLine(names, [{ source: hero.source, vintage: hero.vintage }]), year: hero.year, total: formatMoney(hero.total, locale) })}
        {hero.unclassifiedLeftOut ? ` ${t("unclassified")}` : ""}
      </p>
    </figure>
  );
}
