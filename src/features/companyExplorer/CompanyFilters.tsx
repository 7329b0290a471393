import { Button, NativeSelect } from "@mantine/core";
import { Group } from "@/features/ui/static";
import { getTranslations } from "next-intl/server";
import { defaultDirection, type CompanyQuery } from "@/domain/companies/explorer";
import type { Locale } from "@/domain/i18n/locales";
import type { FilterOption } from "@/server/entities/companies";
import { TextLink } from "@/features/shell/AppLink";

/**
 * The explorer's filters: a plain GET form (it works before, and without, the page's scripts), so
 * the URL is the state and every filtered list can be linked to. The sort is kept; the page resets.
 */
export async function CompanyFilters({ locale, query, countries, products }: { locale: Locale; query: CompanyQuery; countries: FilterOption[]; products: FilterOption[] }) {
  const t = await getTranslations({ locale, namespace: "companyExplorer.filters" });
  const path = `/${locale}/company-explorer`;
  const filtered = query.country !== null || query.hs4 !== null;
  return (
    <form method="get" action={path} data-testid="company-filters">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          name="country"
          label={t("country")}
          defaultValue={query.country ?? ""}
          data={[{ value: "", label: t("allCountries") }, ...countries.map((c) => ({ value: c.id, label: c.name }))]}
          miw={200}
        />
        <NativeSelect
          name="product"
          label={t("product")}
          defaultValue={query.hs4 ?? ""}
          data={[{ value: "", label: t("allProducts") }, ...products.map((p) => ({ value: p.id, label: `${p.id} · ${p.name}` }))]}
          miw={240}
          maw={420}
        />
        {query.sort !== "value" && <input type="hidden" name="sort" value={query.sort} />}
        {query.direction !== defaultDirection(query.sort) && <input type="hidden" name="dir" value={query.direction} />}
        <Button type="submit" data-testid="company-filters-apply">
          {t("apply")}
        </Button>
        {filtered && (
          <TextLink href={path} size="sm" data-testid="company-filters-clear">
            {t("clear")}
          </TextLink>
        )}
      </Group>
    </form>
  );
}
