import { UNKNOWN_COLOR } from "@/domain/charts/presentation";

/**
 * Member thumbnails drawn as SVG: a section's pictogram on its colour (products), a globe
 * (world, continents), or the member's short code (organisations, countries without a flag).
 * Country flags come from the flag-icons package and are served as they are.
 */
const SECTION_GLYPHS: Record<string, string> = {
  "1": "M3 12c4-5 10-5 14 0-4 5-10 5-14 0zM17 12l4-3v6z",
  "2": "M5 19C5 9 11 5 20 4c-1 9-5 15-15 15zM5 19l8-8",
  "3": "M12 3c4 5 6 8 6 11a6 6 0 0 1-12 0c0-3 2-6 6-11z",
  "4": "M5 8h11v5a5 5 0 0 1-5 5h-1a5 5 0 0 1-5-5zM16 10h2a2 2 0 0 1 0 4h-2M8 3v3M11 3v3",
  "5": "M3 19l6-10 4 6 3-4 5 8z",
  "6": "M9 3h6M10 3v6l-5 9a2 2 0 0 0 2 3h10a2 2 0 0 0 2-3l-5-9V3",
  "7": "M12 4a8 8 0 1 0 0 16 8 8 0 1 0 0-16zM12 9a3 3 0 1 0 0 6 3 3 0 1 0 0-6z",
  "8": "M6 4l3 3h6l3-3 2 5-3 2v9H7v-9L4 9z",
  "9": "M12 3l6 9h-4l4 6H6l4-6H6zM12 18v3",
  "10": "M6 3h9l4 4v14H6zM15 3v4h4M9 12h7M9 16h7",
  "11": "M8 4L3 7l2 4 3-1v10h8V10l3 1 2-4-5-3c-1 2-2 3-4 3S9 6 8 4z",
  "12": "M3 16h18v3H3zM3 16V9l5 1 3 3 7 1c2 0 3 1 3 2",
  "13": "M7 3h10l-1 9a4 4 0 0 1-8 0zM12 16v5M9 21h6",
  "14": "M6 4h12l3 5-9 11L3 9zM3 9h18M9 4l3 16 3-16",
  "15": "M3 19l3-6h6l-3 6zM12 19l3-6h6l-3 6zM7.5 13l3-6h6l-3 6z",
  "16": "M12 9a3 3 0 1 0 0 6 3 3 0 1 0 0-6zM12 2v4M12 18v4M2 12h4M18 12h4M5 5l3 3M16 16l3 3M5 19l3-3M16 8l3-3",
  "17": "M3 13l2-5h14l2 5v5H3zM3 13h18M7 18v2M17 18v2",
  "18": "M12 20a8 8 0 1 1 8-8M12 12l4-4M12 12v.01",
  "19": "M12 4a8 8 0 1 0 0 16 8 8 0 1 0 0-16zM12 8a4 4 0 1 0 0 8 4 4 0 1 0 0-8zM12 11.5v1",
  "20": "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.8l6.1-.9z",
  "21": "M12 3a9 9 0 0 0 0 18c1.5 0 2-1 2-2s-1-2 0-3h3a4 4 0 0 0 4-4c0-5-4-9-9-9zM8 10v.01M12 7v.01M16 10v.01",
  "99": "M9 9a3 3 0 1 1 4 3c-1 .5-1 1-1 2M12 18v.5",
};
const GLOBE = "M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM3 12h18M12 3c3 3 4 6 4 9s-1 6-4 9c-3-3-4-6-4-9s1-6 4-9z";

function escape(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function safeColor(color: string | null | undefined): string {
  return color && /^#[0-9a-f]{3,8}$/i.test(color) ? color : UNKNOWN_COLOR;
}

function tile(color: string, inner: string, size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 48 48"><rect width="48" height="48" rx="8" fill="${safeColor(color)}"/>${inner}</svg>`;
}

export function glyphSvg(path: string, color: string, size = 160): string {
  return tile(color, `<g transform="translate(10 10) scale(1.1667)" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${path}"/></g>`, size);
}

export function sectionIconSvg(section: string, color: string | null | undefined, size = 160): string {
  return glyphSvg(SECTION_GLYPHS[section] ?? SECTION_GLYPHS["99"], safeColor(color), size);
}

export function globeSvg(color: string | null | undefined, size = 160): string {
  return glyphSvg(GLOBE, safeColor(color), size);
}

export function labelSvg(label: string, color: string | null | undefined, size = 160): string {
  const text = escape(label.toUpperCase().slice(0, 5));
  const fontSize = text.length <= 3 ? 16 : 11;
  return tile(
    safeColor(color),
    `<text x="24" y="24" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${text}</text>`,
    size,
  );
}

export function hasSectionGlyph(section: string): boolean {
  return Object.hasOwn(SECTION_GLYPHS, section);
}
