import { Badge, Container, Group, SimpleGrid, Stack, Text, Title } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ProfileSearch } from "./ProfileSearch";
import classes from "./Profile.module.css";

export interface HeroStat {
  label: string;
  value: string;
  detail?: string;
  testId?: string;
}

/** The top of a profile: member images, name, kind and the key numbers. */
export async function ProfileHero({
  images,
  title,
  kind,
  stats,
  children,
  actions,
}: {
  images: Array<{ src: string; alt: string }>;
  title: string;
  kind: string;
  stats: HeroStat[];
  children?: ReactNode;
  /** Buttons beside the profile search ("Compare with…"). */
  actions?: ReactNode;
}) {
  const t = await getTranslations("profiles");
  return (
    <div className={classes.hero}>
      <Container size="lg" py="xl">
        <Stack gap="lg">
          <Group gap="md" wrap="wrap" align="center" justify="space-between">
            {/* At least 18rem: on a phone the actions then wrap under the name instead of squeezing it. */}
            <Group gap="md" wrap="wrap" align="center" style={{ flex: "1 1 18rem", minWidth: 0 }}>
              {images.map((image) => (
                // eslint-disable-next-line @next/next/no-img-element -- SVG member images with long cache
                <img key={image.src} src={image.src} alt={image.alt} className={classes.heroImage} />
              ))}
              <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
                <Badge variant="light" w="fit-content">
                  {kind}
                </Badge>
                <Title order={1} data-testid="profile-title">
                  {title}
                </Title>
              </Stack>
            </Group>
            {/* Beside the name on wide screens, under it on a phone. */}
            <Group gap="xs">
              {actions}
              <ProfileSearch label={t("searchOthers")} />
            </Group>
          </Group>
          {children}
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, md: Math.max(3, Math.min(stats.length, 6)) }} spacing="md">
            {stats.map((stat) => (
              <Stack key={stat.label} gap={2} data-testid={stat.testId}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {stat.label}
                </Text>
                <Text size="xl" fw={700} data-stat-value>
                  {stat.value}
                </Text>
                {stat.detail && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {stat.detail}
                  </Text>
                )}
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </div>
  );
}
