"use client";

import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Table, Text, TextInput, Tooltip, VisuallyHidden } from "@mantine/core";
import { useFormatter, useNow, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Section, StatusLine, type Status } from "./AccountForms";
import { errorKey, postAccount } from "./api";
import { TextLink } from "@/features/shell/AppLink";

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
}

interface Props {
  initialKeys: ApiKeyView[];
  limits: { anonymousPerMinute: number; keyPerMinute: number; proKeyPerMinute: number };
  maxKeys: number;
  nameMax: number;
  docsHref: string;
}

/** The account page's API keys: create (the key is shown once), list, revoke. */
export function ApiKeys({ initialKeys, limits, maxKeys, nameMax, docsHref }: Props) {
  const t = useTranslations("account.apiKeys");
  const te = useTranslations("auth.errors");
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const [keys, setKeys] = useState(initialKeys);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);

  function failure(code: string, text: string) {
    if (code === "too_many_keys") return t("tooMany", { max: maxKeys });
    if (code === "invalid") return t("invalidName", { max: nameMax });
    if (code === "key_not_found") return t("notFound");
    return text;
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || [...trimmed].length > nameMax) {
      setStatus({ kind: "error", text: t("invalidName", { max: nameMax }) });
      return;
    }
    setBusy(true);
    const result = await postAccount<{ key: string; apiKey: ApiKeyView }>("/api/account/keys", { name: trimmed });
    setBusy(false);
    if (!result.ok) {
      setStatus({ kind: "error", text: failure(result.code, te(errorKey(result))) });
      return;
    }
    setKeys((list) => [result.data.apiKey, ...list]);
    setCreated({ name: result.data.apiKey.name, key: result.data.key });
    setName("");
    setStatus(null);
  }

  async function revoke() {
    if (!revoking) return;
    const target = revoking;
    setBusy(true);
    const result = await postAccount("/api/account/keys/revoke", { id: target.id });
    setBusy(false);
    setRevoking(null);
    if (!result.ok && result.code !== "key_not_found") {
      setStatus({ kind: "error", text: failure(result.code, te(errorKey(result))) });
      return;
    }
    setKeys((list) => list.filter((key) => key.id !== target.id));
    if (created && target.prefix === created.key.slice(0, 12)) setCreated(null);
    setStatus({ kind: "ok", text: t("revoked", { name: target.name }) });
  }

  return (
    <Section title={t("title")} testId="api-keys-section">
      <Text size="sm">
        {t("explain", { anonymous: format.number(limits.anonymousPerMinute), key: format.number(limits.keyPerMinute), pro: format.number(limits.proKeyPerMinute) })}{" "}
        <TextLink href={docsHref}>{t("docs")}</TextLink>
      </Text>
      {created && <CreatedKey name={created.name} apiKey={created.key} />}
      <form onSubmit={create} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t("nameLabel")}
            placeholder={t("namePlaceholder")}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={nameMax * 2}
            style={{ flex: "1 1 14rem" }}
            data-testid="api-key-name"
          />
          <Button type="submit" loading={busy} disabled={keys.length >= maxKeys}>
            {t("create")}
          </Button>
        </Group>
      </form>
      <StatusLine status={status} />
      {keys.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="api-keys-empty">
          {t("none")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" data-testid="api-keys-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("columns.name")}</Table.Th>
                <Table.Th>{t("columns.key")}</Table.Th>
                <Table.Th>{t("columns.created")}</Table.Th>
                <Table.Th>{t("columns.lastUsed")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("columns.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((key) => (
                <Table.Tr key={key.id} data-testid="api-key-row">
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{key.name}</Table.Td>
                  <Table.Td>
                    <Code>{key.prefix}…</Code>
                  </Table.Td>
                  <Table.Td>
                    <time dateTime={new Date(key.createdAt).toISOString()}>{format.dateTime(key.createdAt, { dateStyle: "medium", timeZone: "UTC" })}</time>
                  </Table.Td>
                  <Table.Td>
                    {key.lastUsedAt ? (
                      <time dateTime={new Date(key.lastUsedAt).toISOString()} suppressHydrationWarning>
                        {format.relativeTime(key.lastUsedAt, now)}
                      </time>
                    ) : (
                      t("never")
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={t("revokeNamed", { name: key.name })}>
                      <ActionIcon variant="subtle" color="red" aria-label={t("revokeNamed", { name: key.name })} onClick={() => setRevoking(key)}>
                        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                          <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
                        </svg>
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title={t("confirmTitle", { name: revoking?.name ?? "" })} centered>
        <Stack gap="md">
          <Text size="sm">{t("confirmText")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevoking(null)}>
              {t("cancel")}
            </Button>
            <Button color="red" onClick={revoke} loading={busy} data-testid="api-key-revoke-confirm">
              {t("revoke")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}

/** The key just created, shown once, with a copy button and how to send it. */
function CreatedKey({ name, apiKey }: { name: string; apiKey: string }) {
  const t = useTranslations("account.apiKeys");
  return (
    <Alert color="teal" title={t("createdTitle", { name })} data-testid="api-key-created">
      <Stack gap="xs">
        <Text size="sm">{t("createdText")}</Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code data-testid="api-key-value" style={{ overflowWrap: "anywhere", flex: 1 }}>
            {apiKey}
          </Code>
          <CopyButton value={apiKey}>
            {({ copied, copy }) => (
              <Button size="xs" variant={copied ? "filled" : "light"} color="teal" onClick={copy}>
                {copied ? t("copied") : t("copy")}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">
          {t("usage")} <Code>{"Authorization: Bearer oto_…"}</Code>
        </Text>
      </Stack>
    </Alert>
  );
}
