import type { ProfileMember } from "@/domain/explorer/types";

/** Spec section 3: the member-image path with member and size=thumb. Members are "{kind}:{id}". */
export function memberImageUrl(member: ProfileMember): string {
  return `/api/cms/member-image?member=${encodeURIComponent(member.id)}&size=thumb`;
}
