"use client";

/** The parts of Connectrade's board (Connectrade.tsx): the bands, the tiles, the controls, the mistakes, the feedback and the result. */
import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useId, type ReactNode, type Ref } from "react";
import { CONNECTRADE_GROUP_SIZE, type ConnectradeFact, type ConnectradeGroup, type ConnectradeState, type ConnectradeTile } from "@/domain/games/connectrade";
import { countryHref, factHref, levelColor } from "./connectradeModel";

const LINK_STYLE = { color: "inherit", textDecoration: "underline" } as const;

/** A coloured band: a group's fact and its four countries (linked once the game has ended). */
function Band({ group, fact, members, testId }: { group: ConnectradeGroup; fact: ReactNode; members: ReactNode; testId: string }) {
  const color = levelColor(group.fact.level);
  return (
    <Paper
      component="li"
      radius="md"
      p="sm"
      data-testid={testId}
      data-level={group.fact.level}
      style={{
        background: `var(--mantine-color-${color}-light)`,
        borderInlineStart: `6px solid var(--mantine-color-${color}-filled)`,
        color: "var(--mantine-color-text)",
        textAlign: "center",
      }}
    >
      <Text fw={700} size="sm">
        {fact}
      </Text>
      <Text size="sm" mt={2}>
        {members}
      </Text>
    </Paper>
  );
}

/** A fact in words; its subject (product, partner or continent) linked to its profile at the end. */
function FactText({ fact, linked }: { fact: ConnectradeFact; linked: boolean }) {
  const t = useTranslations("games");
  const locale = useLocale();
  return t.rich(`connectrade.facts.${fact.kind}`, {
    name: fact.params.name,
    subject: (chunks) =>
      linked ? (
        <Link href={factHref(fact, locale)} style={LINK_STYLE} data-testid="ct-fact-link">
          {chunks}
        </Link>
      ) : (
        chunks
      ),
  });
}

function CountryLinks({ group }: { group: ConnectradeGroup }) {
  const locale = useLocale();
  return group.members.map((m, i) => (
    <span key={m.id}>
      {i > 0 && ", "}
      <Link href={countryHref(locale, m.id)} style={LINK_STYLE} data-testid="ct-country-link">
        {m.name}
      </Link>
    </span>
  ));
}

const BANDS_STYLE = { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6 } as const;

/** The groups found so far, while playing and after. */
export function ConnectradeSolved({ solved }: { solved: ConnectradeGroup[] }) {
  const t = useTranslations("games");
  if (solved.length === 0) return null;
  return (
    <Box component="ul" aria-label={t("connectrade.solvedTitle")} style={BANDS_STYLE}>
      {solved.map((g) => (
        <Band key={g.fact.level} group={g} testId="ct-solved" fact={<FactText fact={g.fact} linked={false} />} members={g.members.map((m) => m.name).join(", ")} />
      ))}
    </Box>
  );
}

/** The tiles left, four to a row; at most four selected. */
export function ConnectradeGrid({ remaining, selected, gridRef, onToggle }: { remaining: ConnectradeTile[]; selected: string[]; gridRef: Ref<HTMLDivElement>; onToggle: (id: string) => void }) {
  const t = useTranslations("games");
  const gridId = useId();
  return (
    <section aria-labelledby={gridId}>
      <Text fw={600} id={gridId} mb="xs">
        {t("connectrade.gridLabel")}
      </Text>
      <SimpleGrid cols={4} spacing={6} verticalSpacing={6} ref={gridRef}>
        {remaining.map((tile) => {
          const on = selected.includes(tile.id);
          return (
            <Button
              key={tile.id}
              variant={on ? "filled" : "default"}
              aria-pressed={on}
              onClick={() => onToggle(tile.id)}
              disabled={!on && selected.length >= CONNECTRADE_GROUP_SIZE}
              fullWidth
              px={4}
              styles={{
                root: { height: "auto", minHeight: 64 },
                inner: { height: "auto", minHeight: 64, justifyContent: "center" },
                label: {
                  whiteSpace: "normal",
                  overflow: "visible",
                  height: "auto",
                  textAlign: "center",
                  // Four columns even on a 390 px phone: a smaller size there, long names wrap.
                  fontSize: "clamp(0.75rem, 3.2vw, 0.875rem)",
                  lineHeight: 1.2,
                  paddingBlock: 6,
                  overflowWrap: "anywhere",
                  hyphens: "auto",
                },
              }}
              data-testid="ct-tile"
              data-id={tile.id}
            >
              {tile.name}
            </Button>
          );
        })}
      </SimpleGrid>
    </section>
  );
}

/** Submit, deselect, shuffle, and how many tiles are selected. */
export function ConnectradeControls({ selected, pending, submitRef, onSubmit, onDeselect, onShuffle }: { selected: number; pending: boolean; submitRef: Ref<HTMLButtonElement>; onSubmit: () => void; onDeselect: () => void; onShuffle: () => void }) {
  const t = useTranslations("games");
  return (
    <Group gap="xs" wrap="wrap">
      <Button ref={submitRef} onClick={onSubmit} disabled={selected !== CONNECTRADE_GROUP_SIZE || pending} data-testid="ct-submit">
        {t("submit")}
      </Button>
      <Button variant="default" onClick={onDeselect} disabled={selected === 0 || pending} data-testid="ct-deselect">
        {t("connectrade.deselect")}
      </Button>
      <Button variant="default" onClick={onShuffle} disabled={pending} data-testid="ct-shuffle">
        {t("connectrade.shuffle")}
      </Button>
      <Text size="sm" c="dimmed">
        {t("connectrade.selected", { count: selected, max: CONNECTRADE_GROUP_SIZE })}
      </Text>
    </Group>
  );
}

/** The mistakes left: dots for the eye, words for everyone. */
export function ConnectradeMistakes({ maxMistakes, mistakesLeft }: { maxMistakes: number; mistakesLeft: number }) {
  const t = useTranslations("games");
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <Group gap={6} aria-hidden wrap="nowrap">
        {Array.from({ length: maxMistakes }, (_, i) => (
          <Box
            key={i}
            w={14}
            h={14}
            style={{
              borderRadius: "50%",
              border: "2px solid var(--mantine-color-gray-6)",
              background: i < mistakesLeft ? "var(--mantine-color-gray-6)" : "transparent",
            }}
          />
        ))}
      </Group>
      <Text size="sm" aria-live="polite" data-testid="ct-mistakes">
        {t("connectrade.mistakesLeft", { count: mistakesLeft })}
      </Text>
    </Group>
  );
}

/** What the last guess did, in a live region (`answers`: how many guesses were answered, so each is said anew). */
export function ConnectradeFeedback({ oneAway, feedback, answers, repeated }: { oneAway: boolean; feedback: string; answers: number | undefined; repeated: boolean }) {
  const t = useTranslations("games");
  return (
    <div role="status" aria-live="polite">
      {oneAway ? (
        <Text fw={700} key={answers} data-testid="ct-one-away">
          {t("connectrade.oneAway")}
        </Text>
      ) : feedback ? (
        <Text fw={600} key={`${answers}-${repeated}`} data-testid="ct-feedback">
          {feedback}
        </Text>
      ) : null}
    </div>
  );
}

/** The end: won or lost, then every group with its fact and countries linked to their profiles. */
export function ConnectradeResult({ state, solved, headingRef }: { state: ConnectradeState; solved: ConnectradeGroup[]; headingRef: Ref<HTMLHeadingElement> }) {
  const t = useTranslations("games");
  const groupsId = useId();
  return (
    <>
      <Stack gap={4} data-testid="ct-result" role="status">
        <Title order={2} size="h3" ref={headingRef} tabIndex={-1}>
          {state.status === "won" ? t("won") : t("lost")}
        </Title>
        <Text size="lg">{state.status === "won" ? t("connectrade.wonText", { count: state.mistakes }) : t("connectrade.lostText")}</Text>
      </Stack>

      <section aria-labelledby={groupsId}>
        <Title order={3} size="h4" id={groupsId} mb="xs">
          {t("connectrade.groupsTitle")}
        </Title>
        <Box component="ul" data-testid="ct-groups" style={BANDS_STYLE}>
          {(state.groups ?? solved).map((g) => (
            <Band key={g.fact.level} group={g} testId="ct-group" fact={<FactText fact={g.fact} linked />} members={<CountryLinks group={g} />} />
          ))}
        </Box>
      </section>
    </>
  );
}
