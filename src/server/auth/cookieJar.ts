/** The cookies a request sent, by name (the last of a repeated name wins, as browsers send one). */
import "server-only";

export function cookieJar(header: string | null | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    const value = part.slice(at + 1).trim();
    try {
      jar.set(part.slice(0, at).trim(), decodeURIComponent(value));
    } catch {
      jar.set(part.slice(0, at).trim(), value);
    }
  }
  return jar;
}
