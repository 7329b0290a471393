"use client";

import { Button, Container } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState } from "react";

/** Throws while rendering after a click: the error page's end-to-end test uses it. */
export function Thrower() {
  const t = useTranslations("testError");
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error("Test error thrown on purpose");
  return (
    <Container py="xl">
      <Button onClick={() => setBroken(true)} data-testid="throw">
        {t("title")}
      </Button>
    </Container>
  );
}
