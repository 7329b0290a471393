"use client";

import { Alert, Button, Group, Modal, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { signOut } from "next-auth/react";
import { useSession } from "@/features/session/SessionStore";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent, type ReactNode } from "react";
import { NAME_MAX_LENGTH, normaliseName, passwordProblems } from "@/domain/auth/validation";
import type { Locale } from "@/domain/i18n/locales";
import { errorKey, postAccount } from "./api";
import { PasswordRules } from "./PasswordRules";


export type Status = { kind: "ok" | "error"; text: string } | null;

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function StatusLine({ status }: { status: Status }) {
  if (!status) return null;
  return (
    <Alert color={status.kind === "ok" ? "teal" : "red"} role={status.kind === "error" ? "alert" : "status"} py="xs">
      {status.text}
    </Alert>
  );
}

export function NameForm({ initialName }: { initialName: string }) {
  const t = useTranslations("account");
  const te = useTranslations("auth.errors");
  const { update } = useSession();
  const router = useRouter();
  const [name, setName] = useState(initialName);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!normaliseName(name)) {
      setStatus({ kind: "error", text: te("invalidName", { max: NAME_MAX_LENGTH }) });
      return;
    }
    setBusy(true);
    const result = await postAccount<{ user: { name: string } }>("/api/account/name", { name });
    setBusy(false);
    if (!result.ok) {
      setStatus({ kind: "error", text: result.code === "invalid" ? te("invalidName", { max: NAME_MAX_LENGTH }) : te(errorKey(result)) });
      return;
    }
    setName(result.data.user.name);
    setStatus({ kind: "ok", text: t("name.saved") });
    await update();
    router.refresh();
  }

  return (
    <Section title={t("name.title")} testId="name-section">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t("name.label")} name="name" autoComplete="name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={NAME_MAX_LENGTH * 2} />
          <StatusLine status={status} />
          <Group>
            <Button type="submit" loading={busy}>
              {t("name.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

export function PasswordForm({ email, hasPassword, needsCurrent }: { email: string; hasPassword: boolean; needsCurrent: boolean }) {
  const t = useTranslations("account");
  const ta = useTranslations("auth");
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const [hadPassword, setHadPassword] = useState(hasPassword);
  const [mustTypeCurrent, setMustTypeCurrent] = useState(needsCurrent);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (passwordProblems(next, email).length) {
      setStatus({ kind: "error", text: ta("errors.weakPassword") });
      return;
    }
    setBusy(true);
    const result = await postAccount("/api/account/password", { newPassword: next, ...(mustTypeCurrent ? { currentPassword: current } : {}) });
    setBusy(false);
    if (!result.ok) {
      setStatus({ kind: "error", text: result.code === "invalid" ? ta("errors.weakPassword") : ta(`errors.${errorKey(result)}`) });
      return;
    }
    setCurrent("");
    setNext("");
    setHadPassword(true);
    setMustTypeCurrent(true);
    setStatus({ kind: "ok", text: t("password.changed") });
  }

  return (
    <Section title={hadPassword ? t("password.title") : t("password.setTitle")} testId="password-section">
      {!mustTypeCurrent && hadPassword && <Text size="sm">{t("password.noCurrentNeeded")}</Text>}
      {!hadPassword && <Text size="sm">{t("password.noPasswordYet")}</Text>}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {mustTypeCurrent && (
            <PasswordInput label={ta("fields.currentPassword")} name="currentPassword" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.currentTarget.value)} maxLength={512} />
          )}
          <PasswordInput
            label={ta("fields.newPassword")}
            name="newPassword"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            maxLength={512}
            aria-describedby="account-password-rules"
          />
          <PasswordRules id="account-password-rules" password={next} email={email} />
          <StatusLine status={status} />
          <Group>
            <Button type="submit" loading={busy}>
              {hadPassword ? t("password.save") : t("password.set")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

export function DeleteAccount({ locale, email, needsPassword }: { locale: Locale; email: string; needsPassword: boolean }) {
  const t = useTranslations("account");
  const ta = useTranslations("auth");
  const [opened, { open, close }] = useDisclosure(false);
  const [value, setValue] = useState("");
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await postAccount("/api/account/delete", needsPassword ? { password: value } : { confirmEmail: value });
    if (!result.ok) {
      setBusy(false);
      setStatus({ kind: "error", text: ta(`errors.${errorKey(result)}`) });
      return;
    }
    await signOut({ callbackUrl: `/${locale}` });
  }

  return (
    <Section title={t("delete.title")} testId="delete-section">
      <Text size="sm">{t("delete.explain")}</Text>
      <Group>
        <Button color="red" variant="outline" onClick={open} data-testid="delete-account">
          {t("delete.button")}
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={t("delete.confirmTitle")} centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t("delete.confirmText")}</Text>
            {needsPassword ? (
              <PasswordInput label={ta("fields.password")} autoComplete="current-password" value={value} onChange={(e) => setValue(e.currentTarget.value)} maxLength={512} data-autofocus />
            ) : (
              <TextInput label={t("delete.typeEmail", { email })} value={value} onChange={(e) => setValue(e.currentTarget.value)} maxLength={320} data-autofocus />
            )}
            <StatusLine status={status} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t("delete.cancel")}
              </Button>
              <Button type="submit" color="red" loading={busy} data-testid="confirm-delete">
                {t("delete.confirm")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Section>
  );
}
