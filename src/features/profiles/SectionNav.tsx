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
    // The section being read: the last one whose top has passed the reading line under the header
    // and this menu (the first one before any has). Measured on scroll, once per frame.
    const READING_LINE = 140;
    let frame = 0;
    const measure = () => {
      frame = 0;
      // Sections side by side share a top: the first of them (in reading order) wins.
      let found: string | null = null;
      let foundTop = -Infinity;
      for (const s of sections) {
        const top = document.getElementById(s.id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= READING_LINE && top > foundTop + 1) {
          found = s.id;
          foundTop = top;
        }
      }
      setCurrent(found ?? sections[0]?.id ?? null);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
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
