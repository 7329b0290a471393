/**
 * The share image of a page, as next/og (satori) draws it: flex boxes and inline styles only. The
 * chart's colours run as a band along the top and as the key figure's swatches; the title shrinks
 * with its length so a long product name still fits in two or three lines.
 */
import type { ShareCard } from "./shareCard";

const BRAND = "#0ca678";
const INK = "#1a1b1e";
const MUTED = "#5c5f66";

function titleSize(title: string): number {
  if (title.length <= 28) return 72;
  if (title.length <= 48) return 60;
  if (title.length <= 80) return 48;
  return 40;
}

function Logo() {
  return (
    <svg width="44" height="44" viewBox="0 0 32 32">
      <circle cx="16" cy="16" r="14" fill={BRAND} />
      <path d="M4 13c7-5 17-5 24 0" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
      <path d="M5 20c7 4 15 4 22 0" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
      <circle cx="23" cy="10.6" r="2.4" fill="#ffd43b" />
    </svg>
  );
}

export function OgImage({ card }: { card: ShareCard }) {
  const colours = card.colours.length ? card.colours : [BRAND];
  const title = card.title.length > 120 ? `${card.title.slice(0, 117)}…` : card.title;
  return (
    <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", background: "#ffffff", color: INK }}>
      <div style={{ display: "flex", height: 18, width: "100%" }}>
        {colours.map((c, i) => (
          <div key={`${c}-${i}`} style={{ flex: 1, background: c }} />
        ))}
      </div>
      <div style={{ display: "flex", flexDirection: "column", flex: 1, padding: "48px 64px 40px" }}>
        <div style={{ display: "flex", fontSize: 28, color: MUTED, textTransform: "uppercase", letterSpacing: 2 }}>{card.kicker}</div>
        <div style={{ display: "flex", fontSize: titleSize(title), fontWeight: 700, lineHeight: 1.1, marginTop: 16 }}>{title}</div>
        <div style={{ display: "flex", flex: 1 }} />
        {card.figure ? (
          <div style={{ display: "flex", alignItems: "center" }}>
            <div style={{ display: "flex", flexDirection: "column", width: 16, height: 112, marginRight: 24 }}>
              {colours.slice(0, 4).map((c, i) => (
                <div key={`${c}-${i}`} style={{ flex: 1, background: c }} />
              ))}
            </div>
            <div style={{ display: "flex", flexDirection: "column" }}>
              <div style={{ display: "flex", fontSize: 28, color: MUTED }}>{card.figure.label}</div>
              <div style={{ display: "flex", fontSize: 64, fontWeight: 700 }}>{card.figure.value}</div>
              <div style={{ display: "flex", fontSize: 22, color: MUTED }}>{card.figure.source}</div>
            </div>
          </div>
        ) : null}
        <div style={{ display: "flex", alignItems: "center", marginTop: 32 }}>
          <Logo />
          <div style={{ display: "flex", fontSize: 28, marginLeft: 16, color: INK }}>{card.siteName}</div>
        </div>
      </div>
    </div>
  );
}
