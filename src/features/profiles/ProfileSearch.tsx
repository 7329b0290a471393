"use client";

import { Button } from "@mantine/core";
import { ExplorerModal } from "@/features/explorer/ExplorerModal";

/** "Search for another profile": the explorer in its modal form, opened by a wrapped button. */
export function ProfileSearch({ label, report }: { label: string; report?: number }) {
  return (
    <ExplorerModal initialReport={report ?? null}>
      <Button variant="default" size="xs" data-testid="profile-search">
        {label}
      </Button>
    </ExplorerModal>
  );
}
