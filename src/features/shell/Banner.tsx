"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { BANNER_AUTOPLAY_MS, nextBannerIndex, type BannerItem } from "./banners";
import classes from "./Banner.module.css";

/** The banner slot under the top bar: nothing when empty, rotating every 10 s when filled. */
export function Banner({ items }: { items: BannerItem[] }) {
  const t = useTranslations("banner");
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (items.length < 2) return;
    const timer = setInterval(() => setIndex((i) => nextBannerIndex(i, items.length)), BANNER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [items.length]);
  if (items.length === 0) return null;
  const item = items[index % items.length];
  const text = t(item.messageKey);
  return (
    <div className={classes.banner} role="region" aria-label={t("label")} data-testid="banner">
      {item.href ? <a href={item.href}>{text}</a> : text}
    </div>
  );
}
