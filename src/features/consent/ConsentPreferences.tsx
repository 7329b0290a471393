"use client";

import { Accordion, Badge, Button, Group, Modal, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useSession } from "@/features/session/SessionStore";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useOpenedAfterMount } from "@/features/lazy/useOpenedAfterMount";
import { COOKIE_CATALOGUE, COOKIE_CATEGORIES, type CookieCategory } from "./catalogue";
import { useConsent } from "./context";
import { CookieTable } from "./CookieTable";

/**
 * The customise modal (spec section 2): the three categories, their cookies, and the choice.
 * Loaded on first open (preferencesModule.ts), so it mounts closed and opens a frame later.
 */
export function ConsentPreferences({ opened: wanted, onClose }: { opened: boolean; onClose: () => void }) {
  const opened = useOpenedAfterMount(wanted);
  const t = useTranslations("consent");
  const phone = useMediaQuery("(max-width: 36em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("modal.title")}
      size="xl"
      fullScreen={phone}
      data-testid="consent-modal"
      keepMounted={false}
      closeButtonProps={{ "aria-label": t("close") }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      {opened && <PreferencesForm onDone={onClose} />}
    </Modal>
  );
}

function PreferencesForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations("consent");
  const { consent, decide } = useConsent();
  const { status } = useSession();
  // Until a choice is made every optional group starts switched off.
  const [choice, setChoice] = useState({ functional: consent.checked && consent.functional, tracking: consent.checked && consent.tracking });
  const [busy, setBusy] = useState(false);

  async function finish(action: Parameters<typeof decide>[0]) {
    setBusy(true);
    try {
      await decide(action);
    } finally {
      setBusy(false);
      onDone();
    }
  }

  const toggle = (category: Exclude<CookieCategory, "necessary">) => (
    <Switch
      size="md"
      checked={choice[category]}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        setChoice((previous) => ({ ...previous, [category]: checked }));
      }}
      aria-label={t(`categories.${category}.allow`)}
      data-testid={`consent-switch-${category}`}
    />
  );

  return (
    <Stack gap="md">
      <Text size="sm">{t("modal.intro")}</Text>
      {status === "authenticated" && (
        <Text size="sm" c="dimmed">
          {t("modal.signedInNote")}
        </Text>
      )}
      {COOKIE_CATEGORIES.map((category) => (
        <Paper key={category} withBorder radius="md" p="md" data-category={category}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="center" gap="md">
              <Title order={3} size="h5" id={`consent-category-${category}`}>
                {t(`categories.${category}.title`)}
              </Title>
              {category === "necessary" ? (
                <Badge variant="light" color="teal" style={{ flexShrink: 0 }} data-testid="consent-always-active">
                  {t("modal.alwaysActive")}
                </Badge>
              ) : (
                toggle(category)
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t(`categories.${category}.description`)}
            </Text>
            <Accordion variant="default" chevronPosition="left" styles={{ control: { paddingInline: 0 }, content: { paddingInline: 0 } }}>
              <Accordion.Item value="cookies" style={{ borderBottom: 0 }}>
                <Accordion.Control data-testid={`consent-show-${category}`}>
                  <Text size="sm" fw={500}>
                    {t("modal.showCookies", { count: COOKIE_CATALOGUE[category].length })}
                  </Text>
                </Accordion.Control>
                <Accordion.Panel>
                  <CookieTable entries={COOKIE_CATALOGUE[category]} caption={t(`categories.${category}.title`)} />
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          </Stack>
        </Paper>
      ))}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => finish({ type: "rejectAll" })} disabled={busy} data-testid="consent-modal-reject-all">
          {t("rejectAll")}
        </Button>
        <Button variant="default" onClick={() => finish({ type: "acceptAll" })} disabled={busy} data-testid="consent-modal-accept-all">
          {t("acceptAll")}
        </Button>
        <Button onClick={() => finish({ type: "save", ...choice })} loading={busy} data-testid="consent-save">
          {t("save")}
        </Button>
      </Group>
    </Stack>
  );
}
