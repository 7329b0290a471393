"use client";

import { List, ListItem, Text, ThemeIcon } from "@mantine/core";
import { useTranslations } from "next-intl";
import { PASSWORD_MIN_LENGTH, passwordProblems, type PasswordProblem } from "@/domain/auth/validation";

const SHOWN: PasswordProblem[] = ["tooShort", "needsLetter", "needsDigitOrSymbol"];

function Mark({ ok }: { ok: boolean }) {
  return (
    <ThemeIcon size={16} radius="xl" color={ok ? "teal" : "gray"} variant={ok ? "filled" : "light"} aria-hidden="true">
      <svg width="10" height="10" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3">
        {ok ? <path d="M5 12l5 5L20 7" /> : <circle cx="12" cy="12" r="3" />}
      </svg>
    </ThemeIcon>
  );
}

/** The strength rule, ticked off as the password is typed; other problems show once they occur. */
export function PasswordRules({ password, email, id }: { password: string; email?: string; id?: string }) {
  const t = useTranslations("auth.passwordRules");
  const problems = passwordProblems(password, email);
  const extra = problems.filter((problem) => !SHOWN.includes(problem));
  return (
    <div id={id}>
      <List spacing={2} size="sm" center>
        {SHOWN.map((rule) => {
          const ok = password.length > 0 && !problems.includes(rule);
          return (
            <ListItem key={rule} icon={<Mark ok={ok} />} data-ok={ok || undefined}>
              {t(rule, { min: PASSWORD_MIN_LENGTH })}
            </ListItem>
          );
        })}
      </List>
      {password.length > 0 &&
        extra.map((problem) => (
          <Text key={problem} size="sm" c="red" mt={4}>
            {t(problem, { min: PASSWORD_MIN_LENGTH })}
          </Text>
        ))}
    </div>
  );
}
