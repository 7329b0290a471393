"use client";

import { Alert, Anchor, Button, Checkbox, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { signIn } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { NAME_MAX_LENGTH, normaliseEmail, normaliseName, passwordProblems } from "@/domain/auth/validation";
import type { Locale } from "@/domain/i18n/locales";
import { errorKey, postAccount } from "./api";
import { ACADEMIC_DISCOUNT_PERCENT } from "@/domain/billing/plans";
import { PasswordRules } from "./PasswordRules";
import { GUEST_HISTORY_KEY } from "@/domain/consent/storageKeys";
import { markSignup } from "@/features/history/adopt";
import { readHistory } from "@/features/history/store";

type Field = "name" | "email" | "password";

export function SignupForm({ locale, target, loginHref }: { locale: Locale; target: string; loginHref: string }) {
  const t = useTranslations("auth");
  const router = useRouter();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [isAcademic, setAcademic] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function localErrors(): Partial<Record<Field, string>> {
    const errors: Partial<Record<Field, string>> = {};
    if (!normaliseName(name)) errors.name = t("errors.invalidName", { max: NAME_MAX_LENGTH });
    const normalised = normaliseEmail(email);
    if (!normalised) errors.email = t("errors.invalidEmail");
    if (passwordProblems(password, normalised).length) errors.password = t("errors.weakPassword");
    return errors;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = localErrors();
    setFieldErrors(errors);
    setFormError(null);
    if (Object.keys(errors).length) return;
    setBusy(true);
    const result = await postAccount("/api/account/signup", { name, email, password, isAcademic }, { idempotent: true });
    if (!result.ok) {
      setBusy(false);
      if (result.code === "invalid" && result.issues.length) {
        const byField: Partial<Record<Field, string>> = {};
        for (const issue of result.issues) {
          if (issue.field === "name") byField.name = t("errors.invalidName", { max: NAME_MAX_LENGTH });
          else if (issue.field === "email") byField.email = t("errors.invalidEmail");
          else if (issue.field === "password") byField.password = t("errors.weakPassword");
        }
        setFieldErrors(byField);
        if (Object.keys(byField).length) return;
      }
      setFormError(errorKey(result));
      return;
    }
    const signedIn = await signIn("credentials", { redirect: false, email, password, callbackUrl: target });
    if (!signedIn?.ok || signedIn.error) {
      // The account exists; signing in is one step away.
      router.replace(loginHref);
      return;
    }
    // A word of welcome on the page it leads to, and the guest's recently viewed profiles kept.
    markSignup(readHistory(GUEST_HISTORY_KEY).length);
    router.replace(target);
    router.refresh();
  }

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={480} mx="auto">
      <form onSubmit={submit} noValidate data-testid="signup-form">
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {t("signup.title")}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t("signup.lead")}
            </Text>
          </div>
          {formError && (
            <Alert color="red" role="alert" data-testid="signup-error" data-error={formError}>
              {formError === "email_taken"
                ? t.rich("errors.email_taken", { link: (chunks) => <Anchor component={Link} href={loginHref} underline="always">{chunks}</Anchor> })
                : t(`errors.${formError}`)}
            </Alert>
          )}
          <TextInput label={t("fields.name")} name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={fieldErrors.name} maxLength={NAME_MAX_LENGTH * 2} />
          <TextInput label={t("fields.email")} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={fieldErrors.email} maxLength={320} />
          <div>
            <PasswordInput
              label={t("fields.newPassword")}
              name="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldErrors.password}
              maxLength={512}
              aria-describedby="signup-password-rules"
            />
            <div style={{ marginTop: 8 }}>
              <PasswordRules id="signup-password-rules" password={password} email={normaliseEmail(email) ?? undefined} />
            </div>
          </div>
          <Checkbox
            label={t("fields.academic")}
            description={t("signup.academicHint", { percent: ACADEMIC_DISCOUNT_PERCENT })}
            checked={isAcademic}
            onChange={(e) => setAcademic(e.currentTarget.checked)}
            name="isAcademic"
          />
          <Text size="xs" c="dimmed">
            {t.rich("signup.terms", {
              terms: (chunks) => <Anchor component={Link} href={`/${locale}/resources/terms`} size="xs" underline="always">{chunks}</Anchor>,
              privacy: (chunks) => <Anchor component={Link} href={`/${locale}/resources/privacy`} size="xs" underline="always">{chunks}</Anchor>,
            })}
          </Text>
          <Button type="submit" loading={busy} fullWidth>
            {t("signup.submit")}
          </Button>
          <Text size="sm" ta="center">
            {t("signup.haveAccount")}{" "}
            <Anchor component={Link} href={loginHref} underline="always">
              {t("signup.loginLink")}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
