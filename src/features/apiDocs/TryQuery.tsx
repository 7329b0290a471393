"use client";

import { Alert, Button, Group, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text, TextInput } from "@mantine/core";
import { useState } from "react";

interface Answer {
  columns: string[];
  data: Record<string, unknown>[];
  page: { total: number };
}

/**
 * An example query that runs live on the page: edit the URL, run it, see the first rows. Only this
 * site's /api/data is fetched (the field keeps its path and query), so the box cannot be turned
 * against another origin.
 */
export function TryQuery({ initial, labels }: { initial: string; labels: { url: string; run: string; rows: string; failed: string } }) {
  const [url, setUrl] = useState(initial);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    setBusy(true);
    setError(null);
    try {
      const parsed = new URL(url, window.location.origin);
      if (parsed.origin !== window.location.origin || parsed.pathname !== "/api/data") throw new Error(labels.failed);
      const response = await fetch(`/api/data${parsed.search}`);
      const body = await response.json();
      if (!response.ok) {
        setAnswer(null);
        setError(`${response.status} ${body?.error?.code ?? ""}: ${body?.error?.message ?? ""}`);
      } else setAnswer(body as Answer);
    } catch (e) {
      setAnswer(null);
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs" data-testid="try-query">
      <Group align="flex-end" wrap="nowrap">
        <TextInput label={labels.url} value={url} onChange={(e) => setUrl(e.currentTarget.value)} styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }} style={{ flex: 1 }} data-testid="try-url" />
        <Button onClick={run} loading={busy} data-testid="try-run">
          {labels.run}
        </Button>
      </Group>
      {error && (
        <Alert color="red" variant="light" data-testid="try-error">
          {error}
        </Alert>
      )}
      {answer && (
        <>
          <Text size="sm" c="dimmed">
            {labels.rows.replace("{shown}", String(Math.min(10, answer.data.length))).replace("{total}", String(answer.page.total))}
          </Text>
          <TableScrollContainer minWidth={480} type="native">
            <Table striped withTableBorder fz="sm" data-testid="try-table">
              <TableThead>
                <TableTr>
                  {answer.columns.map((c) => (
                    <TableTh key={c}>{c}</TableTh>
                  ))}
                </TableTr>
              </TableThead>
              <TableTbody>
                {answer.data.slice(0, 10).map((row, i) => (
                  <TableTr key={i}>
                    {answer.columns.map((c) => (
                      <TableTd key={c}>{String(row[c] ?? "")}</TableTd>
                    ))}
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </TableScrollContainer>
        </>
      )}
    </Stack>
  );
}
