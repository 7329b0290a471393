import { Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The frame of a reference page (API, data sources, notebooks, publications): a title, a lead
 * paragraph, what sits under the lead (links, notes), then the page's blocks.
 */
export function DocPage({ title, lead, intro, gap = "xl", children }: { title: string; lead: string; intro?: ReactNode; gap?: "lg" | "xl"; children: ReactNode }) {
  return (
    <Container size="lg" py="xl">
      <Stack gap={gap}>
        <Stack gap="xs">
          <Title order={1}>{title}</Title>
          <Text size="lg" maw={860}>
            {lead}
          </Text>
          {intro}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
