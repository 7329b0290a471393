"use client";

import { Alert, Button, Stack } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Locale } from "@/domain/i18n/locales";
import { errorKey, postAccount } from "./api";


/** Starts a Stripe Checkout for PRO (shown only when payments are configured). */
export function CheckoutButton({ locale, label }: { locale: Locale; label: string }) {
  const te = useTranslations("auth.errors");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function start() {
    setBusy(true);
    setError(null);
    const result = await postAccount<{ url: string }>("/api/subscription/checkout", { plan: "pro", locale });
    if (result.ok && /^https:\/\//.test(result.data.url)) {
      window.location.assign(result.data.url);
      return;
    }
    setBusy(false);
    setError(te(result.ok ? "unknown" : errorKey(result)));
  }
  return (
    <Stack gap="xs">
      <Button onClick={start} loading={busy} fullWidth data-testid="checkout">
        {label}
      </Button>
      {error && (
        <Alert color="red" role="alert" py="xs">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
