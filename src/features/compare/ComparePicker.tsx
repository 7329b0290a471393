"use client";

import { ActionIcon, Badge, Button, Group, Loader, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { entityColor } from "@/domain/compare/charts";
import { comparePath, MAX_ENTITIES, PICKER_SEARCH, pickerToken, withEntity, withoutEntity, type CompareKind } from "@/domain/compare/url";
import type { ProfileResult } from "@/domain/explorer/types";
import { searchReports } from "@/features/explorer/api";

export interface PickerLabels {
  countries: string;
  products: string;
  addCountry: string;
  addProduct: string;
  placeholder: string;
  /** "Remove {name}" with the name filled in here. */
  remove: string;
  full: string;
  noResults: string;
  failed: string;
  kind: string;
}

/**
 * Add and remove the compared entities: every change is a new address (shareable, and the server
 * draws the comparison), found through the site's profile search.
 */
export function ComparePicker({ locale, kind: initialKind, entities, labels }: { locale: string; kind: CompareKind; entities: { id: string; name: string }[]; labels: PickerLabels }) {
  const router = useRouter();
  const [kind, setKind] = useState<CompareKind>(initialKind);
  const [query, setQuery] = useState("");
  const [debounced] = useDebouncedValue(query.trim(), 300);
  const [results, setResults] = useState<{ key: string; list: ProfileResult[] } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const state = { kind, ids: kind === initialKind ? entities.map((e) => e.id) : [] };
  const full = state.ids.length >= MAX_ENTITIES;
  const key = `${kind}\u0000${debounced}`;

  useEffect(() => {
    if (!debounced || full) return;
    const controller = new AbortController();
    searchReports({ query: debounced, locale, limit: 8, offset: 0, report: PICKER_SEARCH[kind].report, variant: PICKER_SEARCH[kind].variant }, controller.signal)
      .then((data) => setResults({ key, list: data.results }))
      .catch((error: Error) => {
        if (error.name !== "AbortError") setFailed(key);
      });
    return () => controller.abort();
  }, [debounced, kind, locale, full, key]);

  const go = (ids: string[]) => {
    setQuery("");
    router.push(comparePath(locale, { kind, ids }));
  };
  const shown = results?.key === key ? results.list.filter((r) => !state.ids.includes(pickerToken(r.path)) && !r.members.some((m) => PICKER_SEARCH[kind].skipVariants.includes(m.metadata.variant.id))) : [];
  const loading = debounced !== "" && !full && results?.key !== key && failed !== key;

  return (
    <Stack gap="sm" data-testid="compare-picker">
      <Group gap="md" wrap="wrap" align="center">
        <SegmentedControl
          aria-label={labels.kind}
          value={kind}
          onChange={(value) => {
            setKind(value as CompareKind);
            setQuery("");
          }}
          data={[
            { value: "countries", label: labels.countries },
            { value: "products", label: labels.products },
          ]}
        />
        {entities.length > 0 && kind === initialKind && (
          <Group gap="xs" wrap="wrap" data-testid="compare-chips">
            {entities.map((entity, i) => (
              <Badge
                key={entity.id}
                size="lg"
                variant="light"
                color="gray"
                leftSection={<span aria-hidden style={{ display: "inline-block", width: 10, height: 10, borderRadius: 5, background: entityColor(i) }} />}
                rightSection={
                  <ActionIcon size="xs" variant="subtle" color="gray" aria-label={labels.remove.replace("{name}", entity.name)} onClick={() => go(withoutEntity(state, entity.id).ids)} data-testid="compare-remove">
                    ×
                  </ActionIcon>
                }
                data-entity={entity.id}
                style={{ textTransform: "none" }}
              >
                {entity.name}
              </Badge>
            ))}
          </Group>
        )}
      </Group>
      {full ? (
        <Text size="sm" c="dimmed">
          {labels.full}
        </Text>
      ) : (
        <Stack gap={6} maw={520}>
          <TextInput
            label={kind === "countries" ? labels.addCountry : labels.addProduct}
            placeholder={labels.placeholder}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            rightSection={loading ? <Loader size="xs" /> : null}
            maxLength={80}
            data-testid="compare-search"
          />
          {failed === key && (
            <Text size="sm" c="red" role="alert">
              {labels.failed}
            </Text>
          )}
          {results?.key === key && debounced !== "" && shown.length === 0 && (
            <Text size="sm" c="dimmed">
              {labels.noResults}
            </Text>
          )}
          {shown.length > 0 && (
            <Group gap="xs" wrap="wrap" role="list" data-testid="compare-results">
              {shown.map((r) => (
                <Button key={r.id} role="listitem" size="xs" variant="default" onClick={() => go(withEntity(state, pickerToken(r.path)).ids)}>
                  {r.members.map((m) => m.name).join(" · ")}
                </Button>
              ))}
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
