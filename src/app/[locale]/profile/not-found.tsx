import { Container, Stack, Text, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import { Explorer } from "@/features/explorer/Explorer";

// An unknown member gets the 404 page with a search box (the explorer) to find the right one.
export default async function ProfileNotFound() {
  const t = await getTranslations("profiles");
  return (
    <Container size="xl" py="xl">
      <Stack gap="md">
        <Text c="dimmed" fw={700}>
          404
        </Text>
        <Title order={1}>{t("notFoundTitle")}</Title>
        <Text>{t("notFoundBody")}</Text>
        <Explorer />
      </Stack>
    </Container>
  );
}
