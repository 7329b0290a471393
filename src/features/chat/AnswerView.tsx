"use client";

/**
 * One answer of the data assistant, showing its work: the sentence, the chart (the site's one
 * chart stack, with downloads), the same view in the visualisation builder, the source and
 * years, the /api/data query behind it (a link, and copyable), the profiles it is about, and
 * questions to ask next.
 */
import { Anchor, Badge, Button, Code, CopyButton, Group, Stack, Text } from "@mantine/core";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { chartTable, type ChartTable, type TableLabels } from "@/domain/charts/table";
import type { ChatAnswer } from "@/domain/chat/types";
import { ChartPanel } from "@/features/charts/ChartPanel";
import type { ChartSpec } from "@/features/charts/spec";

function tableOf(answer: ChatAnswer, labels: TableLabels): ChartTable | null {
  const spec = answer.chart?.spec;
  if (!spec) return null;
  try {
    return chartTable({ rows: spec.input.rows, groups: spec.type === "treemap" ? spec.input.groups : [] }, labels);
  } catch {
    return null; // A stored answer in an older shape: the chart is left out, never a crash.
  }
}

export function AnswerView({ answer, tableLabels, onAsk, busy, latest }: { answer: ChatAnswer; tableLabels: TableLabels; onAsk: (question: string) => void; busy: boolean; latest: boolean }) {
  const t = useTranslations("chat.page");
  const locale = useLocale();
  const table = useMemo(() => tableOf(answer, tableLabels), [answer, tableLabels]);
  const chart = answer.chart;
  return (
    <Stack gap="sm" data-testid="chat-answer" data-status={answer.status}>
      <Text data-testid="chat-answer-text" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {answer.text}
      </Text>
      {answer.engine === "llm" ? (
        <Badge variant="light" color="grape" size="sm" w="fit-content" data-testid="chat-engine-llm">
          {t("engineLlm")}
        </Badge>
      ) : null}
      {chart && table ? (
        <Stack gap={4}>
          <ChartPanel
            spec={chart.spec as ChartSpec}
            title={chart.title}
            table={table}
            fileName="chat-answer"
            sharePath={`/${locale}${chart.builderPath}`}
            height={320}
            testId="chat-chart"
          />
          <Anchor component={Link} href={`/${locale}${chart.builderPath}`} size="sm" data-testid="chat-builder-link">
            {t("openInBuilder")}
          </Anchor>
        </Stack>
      ) : null}
      {answer.source ? (
        <Text size="sm" c="dimmed" data-testid="chat-source">
          {t("source", { name: answer.source.name, years: answer.source.years })}
        </Text>
      ) : null}
      {answer.apiUrl ? (
        <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="chat-api">
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {t("apiQuery")}
          </Text>
          <Anchor href={answer.apiUrl} target="_blank" rel="noopener" size="sm" style={{ minWidth: 0, overflowWrap: "anywhere" }} data-testid="chat-api-link">
            <Code style={{ whiteSpace: "normal", wordBreak: "break-all" }}>{answer.apiUrl}</Code>
          </Anchor>
          <CopyButton value={typeof window === "undefined" ? answer.apiUrl : `${window.location.origin}${answer.apiUrl}`}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="default" onClick={copy} style={{ flexShrink: 0 }} data-testid="chat-api-copy">
                {copied ? t("copied") : t("copy")}
              </Button>
            )}
          </CopyButton>
        </Group>
      ) : null}
      {answer.links.length ? (
        <Group gap="xs" data-testid="chat-links">
          <Text size="sm" c="dimmed">
            {t("profiles")}
          </Text>
          {answer.links.map((link) => (
            <Anchor key={link.href} component={Link} href={`/${locale}${link.href}`} size="sm" data-testid="chat-profile-link">
              {link.label}
            </Anchor>
          ))}
        </Group>
      ) : null}
      {latest && answer.suggestions.length ? (
        <Group gap="xs" data-testid="chat-suggestions" aria-label={t("suggestions")}>
          {answer.suggestions.map((s) => (
            <Button key={s} size="compact-sm" radius="xl" variant="light" disabled={busy} onClick={() => onAsk(s)} data-testid="chat-suggestion" style={{ maxWidth: "100%" }}>
              <Text span size="sm" truncate>
                {s}
              </Text>
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
