/** Names and profile links of the compared entities, in the reader's language (English where a name is missing). */
import "server-only";
import type { CompareEntity } from "@/domain/compare/types";
import { productOfId, type CompareState } from "@/domain/compare/url";
import type { Locale } from "@/domain/i18n/locales";
import { productSegment } from "@/domain/profiles/path";
import { memberName } from "@/server/profiles/titles";
import { profileIndex } from "@/server/search/build";

export async function compareEntities(state: CompareState, locale: Locale): Promise<CompareEntity[]> {
  const index = await profileIndex();
  return state.ids.flatMap((id): CompareEntity[] => {
    if (state.kind === "countries") return [{ id, name: memberName(index, "country", id, locale), kind: "country", profile: `/profile/country/${id}` }];
    const product = productOfId(id);
    if (!product || product.kind === "hs6") return [];
    return [{ id, name: memberName(index, product.kind, product.id, locale), kind: product.kind, profile: `/profile/hs/${productSegment(product)}` }];
  });
}
