"use client";

import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import { REPORTS } from "@/domain/explorer/reports";
import { productNotFoundHint } from "@/domain/profiles/notFoundHint";
import { searchReports } from "./api";
import { useExplore } from "@/features/shell/explore";

const PRODUCT_REPORT = REPORTS.find((r) => r.slug === "hs")?.id ?? null;

/** A product code's nearest real product: the first candidate the profile search knows. */
function useNearestProduct(candidates: readonly string[], locale: string): { code: string; name: string } | null {
  const [found, setFound] = useState<{ code: string; name: string } | null>(null);
  const key = candidates.join(",");
  useEffect(() => {
    const controller = new AbortController();
    (async () => {
      for (const code of key ? key.split(",") : []) {
        const answer = await searchReports({ query: code, locale, limit: 10, offset: 0, report: PRODUCT_REPORT, variant: null }, controller.signal).catch(() => null);
        const hit = answer?.results.find((r) => r.path === `/hs/${code}`);
        if (hit) return setFound({ code, name: hit.members[0]?.name ?? code });
      }
    })();
    return () => controller.abort();
  }, [key, locale]);
  return found;
}

/** Under /profile/hs/<code>: the nearest real product (heading, then chapter), or the product search for unclassified codes. */
export function ProductHint() {
  const t = useTranslations("notFound");
  const locale = useLocale();
  const pathname = usePathname() ?? "";
  const explore = useExplore();
  const hint = productNotFoundHint(pathname);
  const nearest = useNearestProduct(hint?.candidates ?? [], locale);
  if (!hint) return null;
  return (
    <Stack gap={4} data-testid="product-hint" data-code={hint.code}>
      <Text>{hint.candidates.length ? t("product.none", { code: hint.code }) : t("product.unclassified", { code: hint.code })}</Text>
      {nearest && (
        <Anchor component={Link} href={`/${locale}/profile/hs/${nearest.code}`} data-testid="nearest-product" data-code={nearest.code}>
          {t("product.nearest", { code: nearest.code, name: nearest.name })}
        </Anchor>
      )}
      <Anchor component="button" type="button" ta="start" onClick={() => explore.open(undefined, hint.candidates[0])} data-testid="product-search">
        {t("product.search")}
      </Anchor>
    </Stack>
  );
}

/**
 * The way on from a 404: under /profile/hs/<code>, the nearest real product (heading, then chapter)
 * or the product search for unclassified codes; everywhere, a search box (the explore dialog) and
 * links to the profiles, the rankings and the data. Loaded through NotFoundHelp.tsx, only when a
 * 404 is shown.
 */
export function NotFoundHelp() {
  const t = useTranslations("notFound");
  const locale = useLocale();
  const explore = useExplore();
  const [query, setQuery] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    explore.open(undefined, query.trim() || undefined);
  };
  const links = [
    { key: "countries", href: `/${locale}/profile/country` },
    { key: "products", href: `/${locale}/profile/hs` },
    { key: "rankings", href: `/${locale}/rankings/eci/latest` },
    { key: "data", href: `/${locale}/data-availability` },
    { key: "home", href: `/${locale}` },
  ] as const;
  return (
    <Stack gap="md" w="100%" data-testid="not-found-help">
      <ProductHint />
      <form onSubmit={submit} role="search" data-testid="not-found-search">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label={t("searchLabel")} placeholder={t("searchPlaceholder")} value={query} onChange={(e) => setQuery(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button type="submit">{t("searchButton")}</Button>
        </Group>
      </form>
      <Stack gap={4}>
        <Text fw={600}>{t("linksTitle")}</Text>
        <Group gap="md" data-testid="not-found-links">
          {links.map((link) => (
            <Anchor key={link.key} component={Link} href={link.href}>
              {t(`links.${link.key}`)}
            </Anchor>
          ))}
        </Group>
      </Stack>
    </Stack>
  );
}
