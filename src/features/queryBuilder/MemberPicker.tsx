"use client";

import { MultiSelect } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";

interface Hit {
  id: string | number;
  name: string;
}

/**
 * The members of one level that hold data in the cube, searched on the server
 * (/api/query-builder/members): the largest first, then by what the user types.
 */
export function MemberPicker({ cube, level, locale, value, onChange, label }: { cube: string; level: string; locale: string; value: string[]; onChange: (ids: string[]) => void; label: string }) {
  const t = useTranslations("queryBuilder.form");
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  const [hits, setHits] = useState<Hit[]>([]);
  const [names, setNames] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const id = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(id);
  }, [search]);

  useEffect(() => {
    const controller = new AbortController();
    const params = new URLSearchParams({ cube, level, q: debounced.slice(0, 100), locale });
    fetch(`/api/query-builder/members?${params}`, { signal: controller.signal })
      .then(async (response) => {
        const body = (await response.json()) as { members?: Hit[]; error?: { message: string } };
        if (!response.ok || !body.members) {
          setError(body.error?.message ?? `HTTP ${response.status}`);
          setHits([]);
          return;
        }
        setError(null);
        setHits(body.members);
        setNames((known) => ({ ...known, ...Object.fromEntries(body.members!.map((m) => [String(m.id), m.name])) }));
      })
      .catch(() => {
        if (!controller.signal.aborted) setError(t("membersFailed"));
      });
    return () => controller.abort();
  }, [cube, level, debounced, locale, t]);

  const data = useMemo(() => {
    const seen = new Set<string>();
    const out: { value: string; label: string }[] = [];
    for (const id of value) {
      seen.add(id);
      out.push({ value: id, label: names[id] ? `${names[id]} (${id})` : id });
    }
    for (const h of hits) {
      const id = String(h.id);
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ value: id, label: `${h.name} (${id})` });
    }
    return out;
  }, [hits, names, value]);

  return (
    <MultiSelect
      label={label}
      placeholder={value.length ? undefined : t("memberSearch")}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t("noMembers")}
      error={error ?? undefined}
      maxValues={200}
      clearable
      hidePickedOptions
      data-testid="qb-member-picker"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
