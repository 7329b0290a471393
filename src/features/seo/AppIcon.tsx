/**
 * The site's icon (app/icon.svg) drawn as a PNG of any size by next/og: home-screen icons
 * (apple-touch-icon, the web manifest's 192 and 512 px) need raster images on an opaque ground.
 */
export const APP_ICON_SIZES = [180, 192, 512] as const;
export type AppIconSize = (typeof APP_ICON_SIZES)[number];

export function isAppIconSize(value: number): value is AppIconSize {
  return (APP_ICON_SIZES as readonly number[]).includes(value);
}

export function AppIcon({ size }: { size: number }) {
  const inner = Math.round(size * 0.8);
  return (
    <div style={{ width: "100%", height: "100%", display: "flex", alignItems: "center", justifyContent: "center", background: "#ffffff" }}>
      <svg width={inner} height={inner} viewBox="0 0 32 32">
        <circle cx="16" cy="16" r="14" fill="#0ca678" />
        <path d="M4 13c7-5 17-5 24 0" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
        <path d="M5 20c7 4 15 4 22 0" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
        <circle cx="23" cy="10.6" r="2.4" fill="#ffd43b" />
      </svg>
    </div>
  );
}
