"use client";

import { Alert, Button, Code, Container, Group, Stack, Text, Title } from "@mantine/core";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { SUPPORT_EMAIL } from "./support";

/** The client error page (spec section 8). Whoever catches the error sends the report. */
export function ErrorPage({ error, reset }: { error: Error; reset: () => void }) {
  const t = useTranslations("errorPage");
  const locale = useLocale();

  return (
    <Container size="sm" py={64} data-testid="error-page">
      <Stack gap="md">
        <Title order={1}>{t("title")}</Title>
        <Text>{t("text")}</Text>
        <Text>
          {t.rich("support", {
            email: SUPPORT_EMAIL,
            link: (chunks) => <a href={`mailto:${SUPPORT_EMAIL}`}>{chunks}</a>,
          })}
        </Text>
        <Group>
          <Button onClick={reset}>{t("tryAgain")}</Button>
          <Button component={Link} href={`/${locale}`} variant="default">
            {t("goHome")}
          </Button>
        </Group>
        <Alert color="red" title={t("messageLabel")}>
          <Code block>{error.message || t("noMessage")}</Code>
        </Alert>
      </Stack>
    </Container>
  );
}
