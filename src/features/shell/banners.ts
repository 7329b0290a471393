/** Announcements shown in the banner slot (spec section 9: the list is empty for now). */
export interface BannerItem {
  id: string;
  /** Message key under "banner". */
  messageKey: string;
  href?: string;
}

export const BANNERS: BannerItem[] = [];
export const BANNER_AUTOPLAY_MS = 10_000;

export function nextBannerIndex(current: number, count: number): number {
  return count === 0 ? 0 : (current + 1) % count;
}
