import { Container, Stack, Text, Title } from "@mantine/core";
import { ButtonLink } from "@/features/shell/AppLink";
import { getLocale, getTranslations } from "next-intl/server";

export default async function NotFound() {
  const locale = await getLocale();
  const t = await getTranslations("notFound");
  return (
    <Container size="sm" py={80}>
      <Stack gap="md" align="flex-start">
        <Text c="dimmed" fw={700} size="xl">
          404
        </Text>
        <Title order={1}>{t("title")}</Title>
        <Text>{t("body")}</Text>
        <ButtonLink href={`/${locale}`}>{t("home")}</ButtonLink>
      </Stack>
    </Container>
  );
}
