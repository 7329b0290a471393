import { Alert, Tabs, TabsList, TabsPanel, TabsTab } from "@mantine/core";
import { Paper, SimpleGrid, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { withLocale, type Locale } from "@/domain/i18n/locales";
import { TRENDING_MIN_PROFILES, TRENDING_WINDOWS, type TrendingWindow } from "@/domain/trending/views";
import { DataMissing } from "@/features/profiles/DataMissing";
import { DocPage } from "@/features/shell/DocPage";
import { TextLink } from "@/features/shell/AppLink";
import { profileIndex } from "@/server/search/build";
import type { ProfileIndex } from "@/server/search/engine";
import { fallbackProfiles } from "@/server/trending/fallback";
import { trendingProfiles, type TrendingProfile } from "@/server/trending/repository";
import { TRENDING_TYPES } from "@/server/trending/titles";
import classes from "./TrendingPage.module.css";

/** Profiles fetched per window, and shown per type. */
const PER_WINDOW = 100;
const PER_TYPE = 10;

type T = Awaited<ReturnType<typeof getTranslations<"trending">>>;

async function viewed(locale: Locale, days: TrendingWindow, index: ProfileIndex): Promise<TrendingProfile[]> {
  try {
    return await trendingProfiles(locale, { days, limit: PER_WINDOW }, { index });
  } catch (error) {
    // The counts are a nicety: without them the page still shows the fallback list.
    console.warn(`[trending] view counts unavailable: ${(error as Error).message}`);
    return [];
  }
}

function Groups({ profiles, locale, t, id, withViews }: { profiles: TrendingProfile[]; locale: Locale; t: T; id: string; withViews: boolean }) {
  const groups = TRENDING_TYPES.map((type) => ({ type, list: profiles.filter((p) => p.type === type).slice(0, PER_TYPE) })).filter((g) => g.list.length > 0);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {groups.map(({ type, list }) => (
        <Paper key={type} withBorder radius="md" p="md" component="section" aria-labelledby={`${id}-${type}`} data-type={type}>
          <Title order={3} size="h4" id={`${id}-${type}`} mb="xs">
            {t(`types.${type}`)}
          </Title>
          <ol className={classes.list}>
            {list.map((profile) => (
              <li key={profile.path} className={classes.item} data-testid="trending-item" data-path={profile.path}>
                <TextLink href={withLocale(profile.path, locale)}>{profile.title}</TextLink>
                {withViews && profile.views !== undefined && (
                  <Text span size="sm" c="dimmed" className={classes.count} data-testid="trending-views">
                    {t("views", { count: profile.views })}
                  </Text>
                )}
              </li>
            ))}
          </ol>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * /trending: the most viewed profiles of the last 7 and 30 days, grouped by type, from the view
 * counts kept in the app database (tracking consent only, no personal data). While a window has
 * too few profiles with views, it says so and shows the largest traders and products instead.
 */
export async function TrendingPage({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "trending" });
  let index: ProfileIndex;
  try {
    index = await profileIndex();
  } catch {
    return <DataMissing locale={locale} />;
  }
  const windows = await Promise.all(TRENDING_WINDOWS.map(async (days) => ({ days, profiles: await viewed(locale, days, index) })));
  let fallback: TrendingProfile[] | null = null;
  const fallbackList = () => (fallback ??= fallbackProfiles(index, locale));

  return (
    <DocPage
      title={t("title")}
      lead={t("lead")}
      intro={
        <Text size="sm" c="dimmed" maw={860}>
          {t("privacy")} <TextLink href={withLocale("/resources/privacy", locale)}>{t("privacyLink")}</TextLink>
        </Text>
      }
    >
      <Tabs defaultValue={String(TRENDING_WINDOWS[0])} keepMounted>
        <TabsList aria-label={t("windowsLabel")}>
          {windows.map(({ days }) => (
            <TabsTab key={days} value={String(days)} data-testid={`trending-tab-${days}`}>
              {t("window", { days })}
            </TabsTab>
          ))}
        </TabsList>
        {windows.map(({ days, profiles }) => {
          const enough = profiles.length >= TRENDING_MIN_PROFILES;
          const id = `trending-${days}`;
          return (
            <TabsPanel key={days} value={String(days)} pt="lg" data-testid={`trending-window-${days}`}>
              {enough ? (
                <Stack gap="md" data-testid="trending-list">
                  <Title order={2} size="h3">
                    {t("mostViewed", { days })}
                  </Title>
                  <Groups profiles={profiles} locale={locale} t={t} id={id} withViews />
                </Stack>
              ) : (
                <Stack gap="md">
                  <Alert color="blue" title={t("notEnoughTitle")} data-testid="trending-not-enough">
                    {t("notEnoughText", { min: TRENDING_MIN_PROFILES, days })}
                  </Alert>
                  <Stack gap="md" data-testid="trending-fallback">
                    <Stack gap={4}>
                      <Title order={2} size="h3">
                        {t("fallbackTitle")}
                      </Title>
                      <Text size="sm" c="dimmed">
                        {t("fallbackNote")}
                      </Text>
                    </Stack>
                    {fallbackList().length > 0 ? <Groups profiles={fallbackList()} locale={locale} t={t} id={`${id}-fallback`} withViews={false} /> : <Text>{t("fallbackEmpty")}</Text>}
                  </Stack>
                </Stack>
              )}
            </TabsPanel>
          );
        })}
      </Tabs>
    </DocPage>
  );
}
