"use client";

import { Select } from "@mantine/core";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

/** A year selector that keeps the choice in the URL (?{param}=1995#{anchor}), so views can be shared. */
export function YearSelect({ years, value, param, label, anchor }: { years: number[]; value: number; param: string; label: string; anchor: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  return (
    <Select
      w={140}
      label={label}
      value={String(value)}
      allowDeselect={false}
      data={[...years].sort((a, b) => b - a).map(String)}
      onChange={(year) => {
        if (!year) return;
        const params = new URLSearchParams(search.toString());
        params.set(param, year);
        router.push(`${pathname}?${params.toString()}#${anchor}`, { scroll: false });
      }}
      data-testid={`year-select-${param}`}
    />
  );
}
