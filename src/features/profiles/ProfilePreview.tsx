import type { Locale } from "@/domain/i18n/locales";
import { buildProfilePath, type ProfileTarget } from "@/domain/profiles/path";
import { ProGate } from "@/features/shell/ProGate";
import type { ProfileIndex } from "@/server/search/engine";
import { ProvincePreview } from "./province/ProvincePreview";
import { SubnationalPreview } from "./SubnationalPreview";
import { memberName, profileTitle } from "@/server/profiles/titles";

/** A PRO profile (domain/billing/proAccess.ts, isProProfile) as shown to a visitor without PRO. */
export function ProfilePreview({ target, index, locale, signedIn }: { target: ProfileTarget; index: ProfileIndex; locale: Locale; signedIn: boolean }) {
  if (target.report === "subnational_esp") {
    return <ProvincePreview locale={locale} id={target.id} name={memberName(index, "province", target.id, locale)} signedIn={signedIn} />;
  }
  if (target.report === "subnational") {
    return <SubnationalPreview locale={locale} country={target.country} level={target.level} id={target.id} name={profileTitle(target, index, locale)} signedIn={signedIn} />;
  }
  // A report gated without a preview of its own still says what it is and how to open it.
  return <ProGate locale={locale} title={profileTitle(target, index, locale)} holds={[]} returnPath={`/${locale}/profile${buildProfilePath(target)}`} signedIn={signedIn} />;
}
