/** The text blocks of a client error report (spec section 7, call 6). Pure, so it is unit-tested. */
export interface BrowserInfo {
  userAgent: string;
  platform: string;
  language: string;
  screen: string;
  cookiesEnabled: boolean;
  online: boolean;
  vendor: string;
}

export const MAX_BLOCK_CHARS = 2900; // Slack rejects section text over 3,000 characters.

function clip(text: string): string {
  return text.length > MAX_BLOCK_CHARS ? `${text.slice(0, MAX_BLOCK_CHARS - 1)}…` : text;
}

export function buildErrorReport(input: {
  pageUrl: string;
  errorMessage: string;
  browser: BrowserInfo;
  componentStack?: string | null;
}): { message: string[] } {
  const b = input.browser;
  const blocks = [
    `*Client error* on ${input.pageUrl}`,
    `*Error:* ${input.errorMessage || "(no message)"}`,
    [
      "*Browser*",
      `user agent: ${b.userAgent}`,
      `platform: ${b.platform}`,
      `language: ${b.language}`,
      `screen: ${b.screen}`,
      `cookies: ${b.cookiesEnabled ? "enabled" : "disabled"}`,
      `online: ${b.online ? "yes" : "no"}`,
      `vendor: ${b.vendor}`,
    ].join("\n"),
  ];
  if (input.componentStack) blocks.push(`*Component stack*\n${input.componentStack.trim()}`);
  return { message: blocks.map(clip) };
}

export function currentBrowserInfo(): BrowserInfo {
  return {
    userAgent: navigator.userAgent,
    platform: (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform || navigator.platform || "",
    language: navigator.language,
    screen: `${window.screen.width}x${window.screen.height}`,
    cookiesEnabled: navigator.cookieEnabled,
    online: navigator.onLine,
    vendor: navigator.vendor,
  };
}

/** Sends the report once per error object; best effort, the page already tells the visitor. */
const reported = new WeakSet<Error>();
export function reportClientError(error: Error, componentStack?: string | null) {
  if (reported.has(error)) return;
  reported.add(error);
  const body = buildErrorReport({
    pageUrl: window.location.href,
    errorMessage: error.message,
    browser: currentBrowserInfo(),
    componentStack,
  });
  fetch("/api/alerts/slack", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => {});
}
