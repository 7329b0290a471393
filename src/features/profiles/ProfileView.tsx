import type { Locale } from "@/domain/i18n/locales";
import type { ProfileTarget } from "@/domain/profiles/path";
import type { ProfileIndex } from "@/server/search/engine";
import { memberName } from "@/server/profiles/titles";
import { CountryProfile } from "./country/CountryProfile";
import { BilateralCountryProfile } from "./bilateral/BilateralCountryProfile";
import { BilateralProductProfile } from "./bilateral/BilateralProductProfile";
import { OrganizationProfile } from "./organization/OrganizationProfile";
import { ProductProfile } from "./product/ProductProfile";
import { subnationalEntry } from "./subnational/registry";
import { WorldProfile } from "./world/WorldProfile";

export function ProfileView({ target, index, locale, year, productYear }: { target: ProfileTarget; index: ProfileIndex; locale: Locale; year?: number; productYear?: number }) {
  const name = (kind: Parameters<ProfileIndex["entity"]>[0], id: string) => memberName(index, kind, id, locale);
  switch (target.report) {
    case "country":
      return <CountryProfile locale={locale} kind={target.kind} id={target.id} name={name(target.kind, target.id)} sectionYear={year} productYear={productYear} />;
    case "world":
      return <WorldProfile locale={locale} name={name("world", "wld")} year={year} />;
    case "hs":
      return <ProductProfile locale={locale} product={target.product} name={name(target.product.kind, target.product.id)} index={index} year={year} />;
    case "bilateral-country":
      return (
        <BilateralCountryProfile
          locale={locale}
          reporter={{ id: target.reporter, name: name("country", target.reporter) }}
          partner={{ id: target.partner, name: name("country", target.partner) }}
          year={year ?? productYear}
        />
      );
    case "bilateral-product":
      return (
        <BilateralProductProfile
          locale={locale}
          product={target.product}
          productName={name(target.product.kind, target.product.id)}
          country={{ id: target.reporter, name: name("country", target.reporter) }}
          year={year}
        />
      );
    case "subnational_esp": {
      const { Profile } = subnationalEntry("esp", "provinces");
      return <Profile locale={locale} country="esp" level="provinces" id={target.id} name={name("province", target.id)} year={year} />;
    }
    case "subnational": {
      // The registry (subnational/registry.tsx) says which component shows a member of this level.
      const { Profile } = subnationalEntry(target.country, target.level);
      return <Profile locale={locale} country={target.country} level={target.level} id={target.id} name={name("subnational", `${target.country}/${target.level}/${target.id}`)} year={year} />;
    }
    case "international_organization":
      return <OrganizationProfile locale={locale} id={target.id} name={name("organization", target.id)} year={year} productYear={productYear} />;
  }
}
