import { Card, List, ListItem, ThemeIcon } from "@mantine/core";
import { Badge, Container, Group, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { featurePlan, planBadge, type PlanFeatureId, type PlanId } from "@/domain/billing/planFeatures";
import type { Locale } from "@/domain/i18n/locales";
import { ButtonLink } from "./AppLink";

export interface ProGateProps {
  locale: Locale;
  /** What the gated page is about (a profile's name): the page's heading. */
  title: string;
  /** The kind of page, shown above the title ("Spanish province"). */
  kind?: string;
  /** What the full page holds, one line each. */
  holds: string[];
  /** At most one figure, shown before subscribing. */
  headline?: { label: string; value: string };
  /** The gated page's own path with its locale: where signing in comes back to. */
  returnPath: string;
  /** A signed-in visitor (on the free plan) is not asked to sign in. */
  signedIn: boolean;
  /**
   * What the page is, among what the plans open (domain/billing/planFeatures.ts): the badge, the
   * plan the lead names and the pricing card it points to come from there. Subnational profiles
   * unless said otherwise.
   */
  feature?: PlanFeatureId;
  /** The signed-in visitor's plan (free unless said): a PRO account at a PREMIUM page is told it is on PRO. */
  current?: PlanId;
}

function LockIcon() {
  return (
    <ThemeIcon size={18} radius="xl" variant="light" color="teal" aria-hidden="true">
      <svg width="11" height="11" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.6">
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </svg>
    </ThemeIcon>
  );
}

/**
 * A PRO page as seen without PRO: what it is, what it holds, one figure at most, and how to get
 * it (subscribe, or sign in to an account that has it). The server decides who sees this
 * (server/auth/proAccess.ts); never an empty page.
 */
export async function ProGate({ locale, title, kind, holds, headline, returnPath, signedIn, feature = "subnationalProfiles", current = "free" }: ProGateProps) {
  const [t, pricing] = await Promise.all([getTranslations({ locale, namespace: "proGate" }), getTranslations({ locale, namespace: "pricing" })]);
  const plan = featurePlan(feature);
  const badge = planBadge(plan) ?? "PRO";
  const planName = pricing(`plans.${plan}.name`);
  const login = `/${locale}/login?${new URLSearchParams({ callbackUrl: returnPath })}`;
  return (
    <Container size="md" py={{ base: 32, sm: 56 }} data-testid="pro-gate" data-feature={feature} data-plan={plan}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Group gap="xs">
            {kind && (
              <Badge variant="light" w="fit-content">
                {kind}
              </Badge>
            )}
            <Badge color="teal" variant="filled" radius="sm" data-badge={badge}>
              {badge}
            </Badge>
          </Group>
          <Title order={1} data-testid="pro-gate-title">
            {title}
          </Title>
          <Text size="lg" maw={720} data-testid="pro-gate-lead">
            {signedIn ? t("leadSignedIn", { plan: planName, current: pricing(`plans.${current}.name`) }) : t("lead", { plan: planName })}
          </Text>
        </Stack>
        {headline && (
          <Stack gap={2} data-testid="pro-gate-headline">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {headline.label}
            </Text>
            <Text size="xl" fw={700}>
              {headline.value}
            </Text>
          </Stack>
        )}
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            {holds.length > 0 && (
              <>
                <Title order={2} size="h4">
                  {t("holdsTitle")}
                </Title>
                <List spacing={8} center icon={<LockIcon />} data-testid="pro-gate-holds">
                  {holds.map((line) => (
                    <ListItem key={line}>{line}</ListItem>
                  ))}
                </List>
              </>
            )}
            <Group gap="sm">
              <ButtonLink href={`/${locale}/subscription`} color="teal" data-testid="pro-gate-subscribe">
                {t("subscribe", { plan: planName })}
              </ButtonLink>
              {!signedIn && (
                <ButtonLink href={login} variant="default" data-testid="pro-gate-sign-in">
                  {t("signIn")}
                </ButtonLink>
              )}
            </Group>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
