/** The mark: a globe cut by two trade arcs. Inline SVG so it costs no request. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="14" fill="#0ca678" />
      <path d="M4 13c7-5 17-5 24 0" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
      <path d="M5 20c7 4 15 4 22 0" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
      <circle cx="23" cy="10.6" r="2.4" fill="#ffd43b" />
    </svg>
  );
}
