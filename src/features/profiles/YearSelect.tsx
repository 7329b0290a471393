"use client";

import { NativeSelect } from "@mantine/core";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

/**
 * A year selector that keeps the choice in the URL (?{param}=1995#{anchor}), so views can be shared.
 * The browser's own select: no popover code on a profile's first load, and the phone's native picker.
 */
export function YearSelect({ years, value, param, label, anchor }: { years: number[]; value: number; param: string; label: string; anchor: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  return (
    // Uncontrolled, remounted when the year changes: a choice made before hydration (React replays
    // the change) keeps the year chosen instead of the one the page was drawn with.
    <NativeSelect
      key={value}
      w={140}
      label={label}
      defaultValue={String(value)}
      data={[...years].sort((a, b) => b - a).map(String)}
      onChange={(event) => {
        const year = event.currentTarget.value;
        if (!year) return;
        const params = new URLSearchParams(search.toString());
        params.set(param, year);
        router.push(`${pathname}?${params.toString()}#${anchor}`, { scroll: false });
      }}
      data-testid={`year-select-${param}`}
    />
  );
}
