import { describe, expect, it, vi } from "vitest";
import { createTranslator } from "use-intl/core";

// next-intl's server entry is for React server components only; its getRequestConfig hands back
// the function it is given, which is what this test calls.
vi.mock("next-intl/server", () => ({ getRequestConfig: <T>(make: T) => make }));
const { default: requestConfig } = await import("./i18nRequest");

type Config = Awaited<ReturnType<typeof requestConfig>> & { _cache?: { message: Record<string, unknown> } };

const configFor = async (locale: string) => (await requestConfig({ requestLocale: Promise.resolve(locale), locale: undefined })) as Config;

describe("next-intl request config", () => {
  it("gives every request one shared cache of parsed messages, which translators fill and reuse", async () => {
    const first = await configFor("en");
    const second = await configFor("en");
    const spanish = await configFor("es");
    expect(first._cache).toBeDefined();
    expect(second._cache).toBe(first._cache);
    expect(spanish._cache).toBe(first._cache);

    // As next-intl makes a translator for a request: the config spread, with its own formatters.
    const t = createTranslator({ ...first, namespace: "charts" } as Parameters<typeof createTranslator>[0]) as unknown as (key: string, values?: Record<string, unknown>) => string;
    const before = Object.keys(first._cache!.message).length;
    expect(t("omitted", { count: 3 })).toMatch(/3/);
    const parsed = Object.keys(first._cache!.message).length;
    expect(parsed).toBeGreaterThan(before);
    // A later request's translator finds the message already parsed.
    const later = createTranslator({ ...second, namespace: "charts" } as Parameters<typeof createTranslator>[0]) as unknown as (key: string, values?: Record<string, unknown>) => string;
    expect(later("omitted", { count: 3 })).toBe(t("omitted", { count: 3 }));
    expect(Object.keys(first._cache!.message).length).toBe(parsed);
  });
});
