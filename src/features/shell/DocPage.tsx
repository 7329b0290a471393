import { Container, Paper, Stack, Text, Title } from "@/features/ui/static";
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

/**
 * One titled block of a reference page: a `<section>` labelled by its heading, framed as a card
 * (`framed`) or plain. The heading is an h2 with the id the section points at.
 */
export function DocSection({ id, title, framed = false, testId, children }: { id: string; title: ReactNode; framed?: boolean; testId?: string; children: ReactNode }) {
  const heading = (
    <Title order={2} size="h3" id={id} mb="sm">
      {title}
    </Title>
  );
  if (framed) {
    return (
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={id} data-testid={testId}>
        {heading}
        {children}
      </Paper>
    );
  }
  return (
    <section aria-labelledby={id} data-testid={testId}>
      {heading}
      {children}
    </section>
  );
}
