import { Badge } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { NavBadge as NavBadgeKind } from "./navigation";

const COLORS: Record<NavBadgeKind, string> = { PRO: "violet", PREMIUM: "orange", NEW: "teal" };

export function NavBadge({ kind }: { kind: NavBadgeKind }) {
  const t = useTranslations("nav.badges");
  return (
    <Badge size="xs" color={COLORS[kind]} variant="filled" radius="sm" data-badge={kind}>
      {t(kind)}
    </Badge>
  );
}
