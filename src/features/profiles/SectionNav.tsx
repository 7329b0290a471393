"use client";

import { useEffect, useRef, useState } from "react";
import classes from "./Profile.module.css";

/**
 * The profile's sections as a sticky row of anchor links (plain links in the server HTML, so they
 * work without JavaScript); in the browser the section being read is marked and kept in view.
 */
export function SectionNav({ label, sections }: { label: string; sections: readonly { id: string; title: string }[] }) {
  const [current, setCurrent] = useState<string | null>(null);
  const nav = useRef<HTMLElement>(null);

  useEffect(() => {
    const elements = sections.map((s) => document.getElementById(s.id)).filter((el): el is HTMLElement => el !== null);
    if (elements.length === 0) return;
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.set(entry.target.id, entry.boundingClientRect.top);
          else visible.delete(entry.target.id);
        }
        // The topmost section in the reading band is the one being read.
        const first = sections.find((s) => visible.has(s.id));
        if (first) setCurrent(first.id);
      },
      // The band under the header and this menu, down to 40 % of the screen.
      { rootMargin: "-120px 0px -60% 0px" },
    );
    elements.forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [sections]);

  useEffect(() => {
    if (!current || !nav.current) return;
    const link = nav.current.querySelector<HTMLElement>(`a[href="#${CSS.escape(current)}"]`);
    if (!link) return;
    const box = nav.current;
    const left = link.offsetLeft - box.clientWidth / 2 + link.clientWidth / 2;
    box.scrollTo({ left: Math.max(0, left), behavior: "smooth" });
  }, [current]);

  return (
    <nav ref={nav} aria-label={label} className={classes.sectionNav} data-testid="section-nav">
      <ul>
        {sections.map((s) => (
          <li key={s.id}>
            <a href={`#${s.id}`} aria-current={s.id === current ? "location" : undefined}>
              {s.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
