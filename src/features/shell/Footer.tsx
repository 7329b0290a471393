import { Anchor, Container, Group, SimpleGrid, Stack, Text } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { CookiePreferencesLink } from "@/features/consent/ConsentBanner";
import { TextLink } from "@/features/shell/AppLink";
import type { Locale } from "@/domain/i18n/locales";
import { settings } from "@/server/settings";
import { Logo } from "./Logo";
import { SUPPORT_EMAIL } from "./support";
import classes from "./Footer.module.css";

/** Organisations whose data the site is built on (footer.inColaborationWith). */
const DATA_PARTNERS = [
  { name: "Open Trade Statistics", href: "https://tradestatistics.io" },
  { name: "UN Comtrade", href: "https://comtradeplus.un.org" },
  { name: "World Bank Open Data", href: "https://data.worldbank.org" },
];

export async function Footer({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "common" });
  const link = (path: string) => `/${locale}${path}`;
  // SOCIAL_LINKS (README, "Configuration"): shown under "Follow us" only when configured.
  const { socialLinks } = settings();
  return (
    <footer className={classes.footer} data-testid="footer">
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Group gap="sm">
              <Logo size={24} />
              <Text fw={700}>
                <TextLink href={`/${locale}`} inherit c="inherit" underline="never">
                  {t("siteName")}
                </TextLink>
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {t("footer.createdBy")}
            </Text>
          </Stack>
          <Stack gap={6}>
            <TextLink href={link("/resources/about")} size="sm">
              {t("nav.about_oec")}
            </TextLink>
            <TextLink href={link("/resources/privacy")} size="sm">
              {t("nav.about_privacy_policy")}
            </TextLink>
            <TextLink href={link("/resources/terms")} size="sm">
              {t("nav.about_terms")}
            </TextLink>
            <TextLink href={link("/sitemap")} size="sm">
              {t("nav.sitemap")}
            </TextLink>
            <CookiePreferencesLink />
          </Stack>
          <Stack gap={6}>
            <Text size="sm">{t("footer.comments")}</Text>
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">
              {t("footer.email")}
            </Anchor>
            <Text size="sm" fw={600} mt="xs">
              {t("footer.follow")}
            </Text>
            <Anchor href={`/api/blog/rss.xml?locale=${locale}`} size="sm" data-testid="rss-link">
              {t("footer.rss")}
            </Anchor>
            {socialLinks.map((social) => (
              <Anchor key={social.url} href={social.url} size="sm" target="_blank" rel="noopener noreferrer me" data-testid="social-link">
                {t("footer.follow_on", { network: social.name })}
              </Anchor>
            ))}
          </Stack>
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {t("footer.inColaborationWith")}
            </Text>
            {DATA_PARTNERS.map((partner) => (
              <Anchor key={partner.href} href={partner.href} size="sm" target="_blank" rel="noopener noreferrer">
                {partner.name}
              </Anchor>
            ))}
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xl">
          {t("footer.attribution")}
        </Text>
      </Container>
    </footer>
  );
}
