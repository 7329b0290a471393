import { Card, ThemeIcon } from "@mantine/core";
import { Container, Group, SimpleGrid, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { BLOG_POSTS } from "@/domain/content/blogPosts";
import { yearsLabel } from "@/domain/format/years";
import { withLocale, type Locale } from "@/domain/i18n/locales";
import { DataMissing } from "@/features/profiles/DataMissing";
import { formatMoney } from "@/features/profiles/format";
import { memberImage } from "@/features/profiles/rows";
import { CardLink, TextLink } from "@/features/shell/AppLink";
import { nameIn } from "@/domain/games/data";
import { tradleAnswer } from "@/domain/games/tradle";
import { puzzleSeed, todaysPuzzle } from "@/domain/games/puzzle";
import { gameData } from "@/server/games/data";
import { homeSummary, type HomeSummary } from "@/server/home/summary";
import { warehouseStatus } from "@/server/catalog/status";
import { loadHomeHero, type HomeHero } from "@/server/profiles/homeHero";
import { HeroStrip } from "./HeroStrip";
import { HomeSearch } from "./HomeSearch";
import classes from "./HomePage.module.css";
import { formatList } from "@/domain/format";

const FEATURES = [
  { key: "profiles", href: "/profile/country", icon: "M4 4h16v16H4zM4 10h16M10 10v10" },
  { key: "visualize", href: "/visualize/tree_map", icon: "M3 21h18M6 17V9M11 17V4M16 17v-6M21 17V7" },
  { key: "complexity", href: "/rankings/eci/latest", icon: "M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12L4 7.5" },
  { key: "data", href: "/data-availability", icon: "M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" },
] as const;

async function summaryOrNull(locale: Locale): Promise<HomeSummary | null> {
  return warehouseStatus().available ? homeSummary(locale) : null;
}

/** The hero's figure: none without data (the hero then keeps its text alone). */
async function heroOrNull(locale: Locale): Promise<HomeHero | null> {
  if (!warehouseStatus().available) return null;
  try {
    return await loadHomeHero(locale);
  } catch {
    return null;
  }
}

/**
 * Today's Tradle as a teaser: the mystery country's three largest exports (never the country).
 * The games' data is warmed at start-up; the home page waits for it only on a cold start.
 */
async function todaysGame(locale: Locale): Promise<{ products: string[]; year: number } | null> {
  if (!warehouseStatus().available) return null;
  try {
    const data = await gameData();
    const answer = data ? tradleAnswer(data, puzzleSeed("tradle", todaysPuzzle(new Date()), data.dataKey)) : null;
    if (!data || !answer) return null;
    const product = (id: string) => (data.productInfo[id] ? nameIn(data.productInfo[id].names, locale) : id);
    return { products: answer.topProducts.slice(0, 3).map((p) => product(p.id)), year: data.year };
  } catch {
    return null;
  }
}

/**
 * The front door: search beside the world's largest exports (a server-drawn SVG), four featured
 * profiles with a figure each, what the data covers (from the catalogue), ways in, and the latest
 * post. No chart library loads here.
 */
export async function HomePage({ locale }: { locale: Locale }) {
  const [t, summary, game, hero] = await Promise.all([getTranslations({ locale }), summaryOrNull(locale), todaysGame(locale), heroOrNull(locale)]);
  const latestPost = BLOG_POSTS[0];
  const coverage = summary?.coverage;
  return (
    <>
      {!warehouseStatus().available && <DataMissing locale={locale} />}
      <section className={classes.hero}>
        <Container size="lg" py={56}>
          <SimpleGrid cols={{ base: 1, md: hero && hero.rows.length > 0 ? 2 : 1 }} spacing={48}>
            <Stack gap="lg" maw={780}>
              <Text className={classes.kicker} data-testid="site-name">
                {t("common.siteName")}
              </Text>
              <Title order={1} className={classes.title}>
                {t("home.title")}
              </Title>
              <Text size="xl">{t("home.lead")}</Text>
              <HomeSearch label={t("home.search.label")} placeholder={t("home.search.placeholder")} />
              <Text c="dimmed">{t("home.intro")}</Text>
            </Stack>
            {hero && hero.rows.length > 0 ? <HeroStrip hero={hero} locale={locale} /> : null}
          </SimpleGrid>
        </Container>
      </section>
      <Container size="lg" py={48}>
        {summary && summary.featured.length > 0 && (
          <section aria-labelledby="featured-title">
            <Title order={2} mb="lg" id="featured-title">
              {t("home.featuredTitle")}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" data-testid="featured">
              {summary.featured.map((f) => (
                <CardLink key={f.kind} withBorder padding="lg" radius="md" href={withLocale(f.path, locale)} className={classes.cardLink} data-featured={f.kind}>
                  <Group gap={6} mb="sm">
                    {f.images.map((image) => (
                      // eslint-disable-next-line @next/next/no-img-element -- small thumbnails from our own route
                      <img key={image.id} src={memberImage(image.kind, image.id)} alt="" width={48} height={36} className={classes.thumb} />
                    ))}
                  </Group>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    {t(`home.featured.${f.kind}`, { year: f.year })}
                  </Text>
                  <Text fw={700} size="lg" lineClamp={2}>
                    {f.name}
                  </Text>
                  <Text size="sm" data-testid="featured-figure">
                    {t(`home.featuredFigure.${f.kind}`, { value: formatMoney(f.value, locale), year: f.year })}
                  </Text>
                </CardLink>
              ))}
            </SimpleGrid>
          </section>
        )}

        <Title order={2} mt={summary?.featured.length ? 56 : 0} mb="lg">
          {t("home.offerTitle")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
          {FEATURES.map(({ key, href, icon }) => (
            <CardLink key={key} withBorder padding="lg" radius="md" href={withLocale(href, locale)} className={classes.cardLink} data-feature={key}>
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
                  <path d={icon} />
                </svg>
              </ThemeIcon>
              <Title order={3} size="h4" mb="xs">
                {t(`home.features.${key}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`home.features.${key}.body`)}
              </Text>
            </CardLink>
          ))}
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} mt={56}>
          <Stack gap="xs" data-testid="coverage">
            <Title order={2} size="h3">
              {t("home.coverageTitle")}
            </Title>
            {coverage?.sections ? <Text>{t("home.coverage.sections", { from: coverage.sections.from, to: coverage.sections.to, reporters: coverage.sections.reporters })}</Text> : null}
            {coverage?.productYears.length ? <Text>{t("home.coverage.products", { years: yearsLabel(coverage.productYears) })}</Text> : null}
            {coverage ? <Text>{coverage.hs6Years.length ? t("home.coverage.hs6", { years: yearsLabel(coverage.hs6Years) }) : t("home.coverage.hs6None")}</Text> : null}
            {coverage?.complexityYears.length ? <Text>{t("home.coverage.complexity", { years: yearsLabel(coverage.complexityYears) })}</Text> : null}
            <Text size="sm" c="dimmed">
              {t("home.sources")}
            </Text>
            <Group gap="md">
              <TextLink href={withLocale("/data-availability", locale)}>{t("home.coverage.link")}</TextLink>
              <TextLink href={withLocale("/resources/methods", locale)}>{t("home.coverage.methods")}</TextLink>
            </Group>
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h3">
              {t("home.audienceTitle")}
            </Title>
            <Text>{t("home.audience")}</Text>
            {latestPost && (
              <Card withBorder radius="md" padding="md" mt="md" data-testid="latest-post">
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  {t("home.blogTitle")}
                </Text>
                <TextLink href={withLocale(`/blog/${latestPost.slug}`, locale)} fw={700}>
                  {t(`blog.posts.${latestPost.slug}.title`)}
                </TextLink>
                <Text size="sm" c="dimmed">
                  {t(`blog.posts.${latestPost.slug}.summary`)}
                </Text>
              </Card>
            )}
            {game && (
              <Card withBorder radius="md" padding="md" mt="md" data-testid="todays-game">
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  {t("home.gameTitle")}
                </Text>
                <TextLink href={withLocale("/games/tradle", locale)} fw={700}>
                  {t("home.gameLink")}
                </TextLink>
                <Text size="sm" c="dimmed">
                  {t("home.gameTeaser", { year: game.year, products: formatList(game.products, locale === "en" ? "en-GB" : locale) })}
                </Text>
              </Card>
            )}
            <Text size="sm" c="dimmed" mt="md">
              {t("home.languagesNote")}
            </Text>
          </Stack>
        </SimpleGrid>
      </Container>
    </>
  );
}
