"use client";

import { Group, Text } from "@/features/ui/static";
import { useTranslations } from "next-intl";
import { GENERIC_HS_ICON, LEGEND_ICON, memberIcon, X_ICON } from "@/domain/charts/presentation";
import type { ChartGroup } from "@/domain/charts/types";

/**
 * Groups (sections, continents) with their 18 by 18 icons and colours, under charts that nest by
 * them. Drawn with the static primitives (Mantine's markup, no hooks): up to two dozen entries
 * that would otherwise each hydrate two Mantine components.
 */
export function ChartLegend({ groups }: { groups: readonly ChartGroup[] }) {
  const t = useTranslations("charts");
  if (groups.length === 0) return null;
  return (
    <Group component="ul" aria-label={t("legend")} gap={10} wrap="wrap" p={0} m={0} style={{ listStyle: "none" }} data-testid="chart-legend">
      {groups.map((g) => (
        <Group component="li" key={g.id} gap={6} wrap="nowrap">
          <span
            aria-hidden
            style={{
              display: "inline-flex",
              width: LEGEND_ICON.width,
              height: LEGEND_ICON.height,
              borderRadius: 4,
              background: g.color,
              overflow: "hidden",
              flex: "none",
            }}
          >
            {/* A plain swatch for entries without an icon of their own (exports, imports, other values). */}
            {g.kind === "other" ? null : (
              // eslint-disable-next-line @next/next/no-img-element -- small SVG icons from our own route
              <img
                src={memberIcon(g.kind, g.id)}
                alt=""
                width={LEGEND_ICON.width}
                height={LEGEND_ICON.height}
                loading="lazy"
                onError={(event) => {
                  // Spec section 8: a missing icon becomes the generic HS icon (products) or an X.
                  const fallback = g.kind === "section" ? GENERIC_HS_ICON : X_ICON;
                  if (event.currentTarget.src !== fallback) event.currentTarget.src = fallback;
                }}
              />
            )}
          </span>
          <Text size="sm">{g.name}</Text>
        </Group>
      ))}
    </Group>
  );
}
