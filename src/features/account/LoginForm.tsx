"use client";

import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { signIn } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { normaliseEmail } from "@/domain/auth/validation";
import { signInErrorKey } from "./errors";

interface LoginFormProps {
  /** Where to go once signed in (already checked to be a same-site path). */
  target: string;
  /** The ?error= the page was opened with. */
  initialError: string | null;
  /** Opened as next-auth's "check your email" page. */
  checkEmail: boolean;
  signupHref: string;
}

export function LoginForm({ target, initialError, checkEmail, signupHref }: LoginFormProps) {
  const t = useTranslations("auth");
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errorKey, setErrorKey] = useState<string | null>(signInErrorKey(initialError));
  const [sentTo, setSentTo] = useState<string | null>(checkEmail ? "" : null);
  const [busy, setBusy] = useState(false);

  function fail(code: string | null | undefined) {
    setBusy(false);
    setErrorKey(signInErrorKey(code ?? "unknown"));
  }

  async function signInWithPassword(event: FormEvent) {
    event.preventDefault();
    if (!normaliseEmail(email) || password.length === 0) return fail("CredentialsSignin");
    setBusy(true);
    setErrorKey(null);
    try {
      const result = await signIn("credentials", { redirect: false, email, password, callbackUrl: target });
      // A refused CSRF token comes back as a redirect to ?csrf=true with no error code.
      if (!result?.ok || result.error || result.url?.includes("csrf=true")) return fail(result?.error ?? (result?.url ? "Expired" : null));
      router.replace(target);
      router.refresh();
    } catch {
      fail("unknown");
    }
  }

  async function sendLink(event: FormEvent) {
    event.preventDefault();
    const address = normaliseEmail(email);
    if (!address) {
      setErrorKey("invalidEmail");
      return;
    }
    setBusy(true);
    setErrorKey(null);
    try {
      const result = await signIn("email", { redirect: false, email: address, callbackUrl: target });
      if (!result?.ok || result.error || result.url?.includes("csrf=true")) return fail(result?.error ?? "Expired");
      setBusy(false);
      setSentTo(address);
    } catch {
      fail("unknown");
    }
  }

  const errorAlert = errorKey && (
    <Alert color={errorKey === "sessionRequired" ? "blue" : "red"} role="alert" data-testid="login-error" data-error={errorKey}>
      {t(`errors.${errorKey}`)}
    </Alert>
  );

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={460} mx="auto">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t("login.title")}
        </Title>
        {errorAlert}
        <Tabs defaultValue={checkEmail ? "link" : "password"} keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="password">{t("login.passwordTab")}</Tabs.Tab>
            <Tabs.Tab value="link" data-testid="magic-link-tab">
              {t("login.linkTab")}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="password" pt="md">
            <form onSubmit={signInWithPassword} noValidate data-testid="password-form">
              <Stack gap="sm">
                <TextInput label={t("fields.email")} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} maxLength={320} />
                <PasswordInput label={t("fields.password")} name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} maxLength={512} />
                <Button type="submit" loading={busy} fullWidth>
                  {t("login.submit")}
                </Button>
                <Text size="xs" c="dimmed">
                  {t("login.forgotHint")}
                </Text>
              </Stack>
            </form>
          </Tabs.Panel>
          <Tabs.Panel value="link" pt="md">
            {sentTo !== null ? (
              <Alert color="teal" data-testid="link-sent">
                {sentTo ? t("login.linkSent", { email: sentTo }) : t("login.linkSentGeneric")}
              </Alert>
            ) : (
              <form onSubmit={sendLink} noValidate data-testid="link-form">
                <Stack gap="sm">
                  <Text size="sm">{t("login.linkIntro")}</Text>
                  <TextInput label={t("fields.email")} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} maxLength={320} />
                  <Button type="submit" loading={busy} fullWidth variant="light">
                    {t("login.sendLink")}
                  </Button>
                </Stack>
              </form>
            )}
          </Tabs.Panel>
        </Tabs>
        <Text size="sm" ta="center">
          {t("login.noAccount")}{" "}
          {/* Underlined: in a sentence, a link must not be told from the text by its colour alone (in dark mode the two are close). */}
          <Anchor component={Link} href={signupHref} underline="always">
            {t("login.signupLink")}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
