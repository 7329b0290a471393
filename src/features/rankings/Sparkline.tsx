import { sparklinePath } from "@/domain/rankings/sparkline";

/** A small inline SVG trend; nothing when fewer than two values exist. */
export function Sparkline({ values, label, width = 72, height = 22 }: { values: (number | null)[]; label: string; width?: number; height?: number }) {
  const line = sparklinePath(values, width, height, 3);
  if (!line) return null;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} data-testid="sparkline" style={{ display: "block" }}>
      <path d={line.d} fill="none" stroke="var(--mantine-color-teal-6)" strokeWidth={1.5} strokeLinejoin="round" strokeLinecap="round" />
      <circle cx={line.last.x} cy={line.last.y} r={2.2} fill="var(--mantine-color-teal-7)" />
    </svg>
  );
}
