import { expect, it } from "vitest";
import { BANNERS, BANNER_AUTOPLAY_MS, nextBannerIndex } from "./banners";

it("keeps the spec's banner constants and rotates in order", () => {
  expect(BANNERS).toEqual([]);
  expect(BANNER_AUTOPLAY_MS).toBe(10_000);
  expect(nextBannerIndex(0, 3)).toBe(1);
  expect(nextBannerIndex(2, 3)).toBe(0);
  expect(nextBannerIndex(5, 0)).toBe(0);
});
