import { Badge } from "@/features/ui/static";
import { useTranslations } from "next-intl";
import type { NavBadge as NavBadgeKind } from "./navigation";

// The accent colour (teal) for our own tiers; PREMIUM (a partner's data) stands apart; NEW is light.
const STYLES: Record<NavBadgeKind, { color: string; variant: "filled" | "light" }> = {
  PRO: { color: "teal", variant: "filled" },
  PREMIUM: { color: "orange", variant: "filled" },
  NEW: { color: "teal", variant: "light" },
};

export function NavBadge({ kind }: { kind: NavBadgeKind }) {
  const t = useTranslations("nav.badges");
  return (
    <Badge size="xs" color={STYLES[kind].color} variant={STYLES[kind].variant} radius="sm" data-badge={kind}>
      {t(kind)}
    </Badge>
  );
}
