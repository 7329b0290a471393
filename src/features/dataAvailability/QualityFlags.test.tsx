import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { createTranslator } from "use-intl/core";
import { describe, expect, it, vi } from "vitest";
import en from "@messages/en.json";
import type { DescribedFlag } from "@/domain/catalog/quality";

vi.mock("next-intl/server", () => ({
  getTranslations: async ({ locale, namespace }: { locale: "en"; namespace: string }) => createTranslator({ locale, messages: en, namespace: namespace as never }),
}));

const { QualityFlags } = await import("./QualityFlags");
const { QualityNote } = await import("@/features/profiles/QualityNote");

const zaf: DescribedFlag = {
  flag: {
    rule: "sibling_duplicate",
    dataset: "ots_hs4",
    year: 1980,
    reporter: "zaf",
    flow: "export",
    products: ["7110", "7111"],
    values: [1_017_959_073, 1_017_781_348],
    params: { level: "HS4", parent: "71", total: 14_326_948_419, difference: 0.00017459 },
  },
  reporterName: "South Africa",
  reporterIsCountry: true,
  productNames: ["Platinum", "Platinum Clad Metals"],
  currency: "USD",
  depth: "hs4",
};
const jump: DescribedFlag = {
  flag: { rule: "total_jump", dataset: "ots_sections", year: 1974, reporter: null, flow: "export", products: [], values: [586e9, 846e9], params: { previousYear: 1973, change: 0.44, previousReporters: 192, reporters: 192 } },
  reporterName: null,
  reporterIsCountry: false,
  productNames: [],
  currency: "USD",
  depth: "section",
};

async function html(flags: DescribedFlag[]) {
  const tree = await QualityFlags({ flags, labels: { ots_hs4: "Trade by HS4 product with the world" }, locale: "en" });
  return renderToStaticMarkup(<MantineProvider>{tree}</MantineProvider>);
}

describe("QualityFlags", () => {
  it("groups flags by rule, then dataset and year, each line linked to the profile view", async () => {
    const out = await html([zaf, jump]);
    expect(out).toContain('data-rule="sibling_duplicate" data-dataset="ots_hs4" data-year="1980"');
    expect(out).toContain("Trade by HS4 product with the world, 1980: 1 flag");
    expect(out).toContain('href="/en/profile/country/zaf?productYear=1980#exports-by-product"');
    expect(out).toContain("Platinum (7110) and Platinum Clad Metals (7111)");
    expect(out).toContain("Whole dataset");
    expect(out).toContain("ots_sections, 1974: 1 flag");
    expect(out.indexOf("sibling_duplicate")).toBeLessThan(out.indexOf("total_jump"));
  });

  it("says when there is nothing to list", async () => {
    expect(await html([])).toContain("No data-quality flags were found in this import.");
  });
});

describe("QualityNote", () => {
  it("renders nothing without flags, and a titled note with the sentence otherwise", async () => {
    expect(await QualityNote({ flags: [], locale: "en" })).toBeNull();
    const tree = await QualityNote({ flags: [zaf], locale: "en" });
    const out = renderToStaticMarkup(<MantineProvider>{tree}</MantineProvider>);
    expect(out).toContain('data-testid="quality-note"');
    expect(out).toContain("Data note");
    expect(out).toContain("Platinum (7110) and Platinum Clad Metals (7111) have almost the same value in 1980 exports");
  });
});
