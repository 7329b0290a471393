import { expect, it } from "vitest";
import { escapeXml } from "@/domain/format/xml";
import { buildRss } from "./rss";

it("escapes XML and lists posts with absolute links", () => {
  expect(escapeXml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
  const xml = buildRss({
    origin: "https://oto.example",
    locale: "es",
    siteName: "Observatorio",
    description: "Novedades & más",
    posts: [{ slug: "welcome", date: "2026-11-22", title: "Hola <mundo>", summary: "Resumen" }],
  });
  expect(xml).toContain("<language>es</language>");
  expect(xml).toContain("<link>https://oto.example/es/blog/welcome</link>");
  expect(xml).toContain("Hola &lt;mundo&gt;");
  expect(xml).toContain("Novedades &amp; más");
  expect(xml).toContain("Sun, 22 Nov 2026 00:00:00 GMT");
});
