import { Container, Stack, Text, Title } from "@/features/ui/static";
import { getLocale, getTranslations } from "next-intl/server";
import { ButtonLink } from "@/features/shell/AppLink";

export default async function Forbidden() {
  const locale = await getLocale();
  const t = await getTranslations("forbidden");
  return (
    <Container size="sm" py={80} data-testid="forbidden-page">
      <Stack gap="md" align="flex-start">
        <Text c="dimmed" fw={700} size="xl">
          403
        </Text>
        <Title order={1}>{t("title")}</Title>
        <Text>{t("body")}</Text>
        <ButtonLink href={`/${locale}/account`}>{t("account")}</ButtonLink>
      </Stack>
    </Container>
  );
}
