"use client";

import { Alert, Button, Group, List, ListItem, Paper, Select, Stack, Table, Text, Textarea, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useMemo, useState, type FormEvent } from "react";
import { ASSIGNABLE_ROLES, roleLabelKey } from "@/domain/auth/roles";
import { BULK_MAX_EMAILS, BULK_MAX_TEXT, parseEmailList } from "@/domain/auth/validation";
import { errorKey, postAccount } from "./api";

interface Report {
  role: number;
  changed: { email: string; previousRole: number }[];
  unchanged: string[];
  notFound: string[];
  skipped: string[];
  invalid: string[];
  truncated: boolean;
}


function EmailList({ title, emails, testId }: { title: string; emails: string[]; testId: string }) {
  if (emails.length === 0) return null;
  return (
    <Stack gap={4} data-testid={testId}>
      <Text fw={600} size="sm">
        {title} ({emails.length})
      </Text>
      <List size="sm" spacing={0} style={{ overflowWrap: "anywhere" }}>
        {emails.map((email) => (
          <ListItem key={email}>{email}</ListItem>
        ))}
      </List>
    </Stack>
  );
}

/** Set the role of many users at once by pasting their emails (role 10 only). */
export function BulkAccessForm() {
  const t = useTranslations("bulkAccess");
  const tr = useTranslations("account.roles");
  const te = useTranslations("auth.errors");
  const [emails, setEmails] = useState("");
  const [role, setRole] = useState<string>("1");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const parsed = useMemo(() => parseEmailList(emails), [emails]);
  const roleName = (value: number) => tr(roleLabelKey(value), { role: value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (parsed.valid.length === 0) {
      setError(te("no_emails"));
      return;
    }
    setBusy(true);
    const result = await postAccount<Report>("/api/bulk-access", { emails, role: Number(role) });
    setBusy(false);
    if (!result.ok) {
      setError(te(errorKey(result)));
      return;
    }
    setReport(result.data);
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        <form onSubmit={submit} noValidate data-testid="bulk-form">
          <Stack gap="sm">
            <Textarea
              label={t("emailsLabel")}
              description={t("emailsHint", { max: BULK_MAX_EMAILS, example: "Ana Pérez <ana@example.org>" })}
              placeholder={"ana@example.org\nbob@example.com"}
              autosize
              minRows={6}
              maxRows={16}
              maxLength={BULK_MAX_TEXT}
              value={emails}
              onChange={(e) => setEmails(e.currentTarget.value)}
              name="emails"
            />
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="bulk-count">
              {t("found", { count: parsed.valid.length })}
              {parsed.invalid.length > 0 && ` · ${t("notEmails", { count: parsed.invalid.length })}`}
              {parsed.truncated && ` · ${t("truncated", { max: BULK_MAX_EMAILS })}`}
            </Text>
            <Select
              label={t("roleLabel")}
              data={ASSIGNABLE_ROLES.map((value) => ({ value: String(value), label: roleName(value) }))}
              value={role}
              onChange={(value) => value && setRole(value)}
              allowDeselect={false}
              maw={320}
              name="role"
              data-testid="bulk-role"
            />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={busy} disabled={parsed.valid.length === 0} data-testid="bulk-submit">
                {t("submit", { count: parsed.valid.length })}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {report && (
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} data-testid="bulk-report" role="status">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t("reportTitle", { role: roleName(report.role) })}
            </Title>
            {report.changed.length > 0 ? (
              <Table.ScrollContainer minWidth={360}>
                <Table striped data-testid="bulk-changed">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("email")}</Table.Th>
                      <Table.Th>{t("before")}</Table.Th>
                      <Table.Th>{t("after")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.changed.map((row) => (
                      <Table.Tr key={row.email}>
                        <Table.Td style={{ overflowWrap: "anywhere" }}>{row.email}</Table.Td>
                        <Table.Td>{roleName(row.previousRole)}</Table.Td>
                        <Table.Td>{roleName(report.role)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              <Text>{t("nothingChanged")}</Text>
            )}
            <EmailList title={t("unchanged")} emails={report.unchanged} testId="bulk-unchanged" />
            <EmailList title={t("notFound")} emails={report.notFound} testId="bulk-not-found" />
            <EmailList title={t("skipped")} emails={report.skipped} testId="bulk-skipped" />
            <EmailList title={t("invalid")} emails={report.invalid} testId="bulk-invalid" />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
