import { Button, Card, List, ListItem, ThemeIcon } from "@mantine/core";
import { Group, SimpleGrid, Stack, Text, Title } from "@/features/ui/static";
import { getFormatter, getTranslations } from "next-intl/server";
import type { SessionUser } from "@/domain/auth/user";
import { ACADEMIC_DISCOUNT_PERCENT, PLANS, priceFor, type Plan } from "@/domain/billing/plans";
import type { Locale } from "@/domain/i18n/locales";
import { ButtonLink } from "@/features/shell/AppLink";
import { SUPPORT_EMAIL } from "@/features/shell/support";
import { AcademicBadge } from "./AcademicBadge";
import { CheckoutButton } from "./CheckoutButton";

function Check() {
  return (
    <ThemeIcon size={18} radius="xl" variant="light" color="teal" aria-hidden="true">
      <svg width="11" height="11" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3">
        <path d="M5 12l5 5L20 7" />
      </svg>
    </ThemeIcon>
  );
}

interface PricingPlansProps {
  locale: Locale;
  user: SessionUser | null;
  /** Online checkout is offered only when STRIPE_SECRET_KEY is set. */
  checkout: boolean;
  /** The data API limits (settings): the plans say what each tier gets. */
  apiLimits: { anonymousPerMinute: number; keyPerMinute: number; proKeyPerMinute: number };
}

/** Free, PRO and PREMIUM side by side, each with what it gives and how to get it. */
export async function PricingPlans({ locale, user, checkout, apiLimits }: PricingPlansProps) {
  const t = await getTranslations({ locale, namespace: "pricing" });
  const format = await getFormatter({ locale });
  const money = (cents: number) => format.number(cents / 100, { style: "currency", currency: "USD", maximumFractionDigits: cents % 100 ? 2 : 0 });
  const contact = (plan: Plan) => `mailto:${SUPPORT_EMAIL}?${new URLSearchParams({ subject: t("contactSubject", { plan: t(`plans.${plan.id}.name`) }) }).toString().replace(/\+/g, "%20")}`;

  function action(plan: Plan) {
    if (user && plan.role !== null && user.role === plan.role) {
      return (
        <Button variant="default" disabled fullWidth>
          {t("currentPlan")}
        </Button>
      );
    }
    if (plan.id === "free") {
      return user ? null : (
        <ButtonLink href={`/${locale}/signup`} variant="default" fullWidth>
          {t("signUpFree")}
        </ButtonLink>
      );
    }
    if (plan.id === "pro" && checkout) {
      if (!user) {
        return (
          <ButtonLink href={`/${locale}/login?${new URLSearchParams({ redirect: `/${locale}/subscription` })}`} fullWidth>
            {t("signInToSubscribe")}
          </ButtonLink>
        );
      }
      return <CheckoutButton locale={locale} label={t("subscribe")} />;
    }
    return (
      <Button component="a" href={contact(plan)} variant={plan.id === "pro" ? "filled" : "light"} fullWidth data-testid={`contact-${plan.id}`}>
        {t("contactUs")}
      </Button>
    );
  }

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      {PLANS.map((plan) => {
        const listPrice = plan.monthlyCents;
        const price = priceFor(plan, Boolean(user?.isAcademic));
        return (
          <Card key={plan.id} withBorder radius="md" padding="lg" data-plan={plan.id}>
            <Stack gap="md" h="100%">
              <Group justify="space-between" align="center">
                <Title order={2} size="h3">
                  {t(`plans.${plan.id}.name`)}
                </Title>
              </Group>
              <Text c="dimmed" size="sm" mih={40}>
                {t(`plans.${plan.id}.tagline`)}
              </Text>
              <div>
                {price === null ? (
                  <Text size="xl" fw={700}>
                    {t("onRequest")}
                  </Text>
) : (
                  <Group gap="xs" align="baseline">
                    {listPrice !== null && price < listPrice && (
                      <Text td="line-through" c="dimmed">
                        {money(listPrice)}
                      </Text>
                    )}
                    <Text size="xl" fw={700}>
                      {money(price)}
                    </Text>
                    <Text c="dimmed" size="sm">
                      {t("perMonth")}
                    </Text>
                  </Group>
                )}
                {plan.id === "pro" && (
                  <Group gap={6} mt={6} wrap="nowrap">
                    <AcademicBadge size="sm" />
                    <Text size="xs" c="dimmed">
                      {user?.isAcademic ? t("academicApplied", { percent: ACADEMIC_DISCOUNT_PERCENT }) : t("academicOffer", { percent: ACADEMIC_DISCOUNT_PERCENT })}
                    </Text>
                  </Group>
                )}
              </div>
              <List spacing={6} size="sm" center icon={<Check />} style={{ flex: 1 }}>
                {plan.features.map((feature) => (
                  <ListItem key={feature} data-feature={feature}>
                    {t(`features.${feature}`, { anonymous: format.number(apiLimits.anonymousPerMinute), key: format.number(apiLimits.keyPerMinute), pro: format.number(apiLimits.proKeyPerMinute) })}
                  </ListItem>
                ))}
              </List>
              {action(plan)}
              {plan.id === "pro" && !checkout && (
                <Text size="xs" c="dimmed" data-testid="checkout-unavailable">
                  {t("onlinePaymentUnavailable")}
                </Text>
              )}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
