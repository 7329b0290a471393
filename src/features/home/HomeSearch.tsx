"use client";

import { TextInput } from "@mantine/core";
import { useExplore } from "@/features/shell/explore";

/**
 * The home page's search box: typing opens the explore search with what was typed, where results
 * appear as you type (the dialog's own field takes over, with the text and the cursor).
 */
export function HomeSearch({ label, placeholder }: { label: string; placeholder: string }) {
  const explore = useExplore();
  return (
    <TextInput
      size="lg"
      radius="xl"
      label={label}
      placeholder={placeholder}
      value=""
      onChange={(event) => explore.open(undefined, event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") explore.open();
      }}
      onClick={() => explore.open()}
      leftSection={
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-3.5-3.5" />
        </svg>
      }
      data-testid="home-search"
      maw={640}
    />
  );
}
