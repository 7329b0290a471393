import { ImageResponse } from "next/og";
import { describe, expect, it } from "vitest";
import { SHARE_IMAGE_SIZE } from "@/domain/seo/shareImage";
import { AppIcon, isAppIconSize } from "./AppIcon";
import { OgImage } from "./OgImage";
import type { ShareCard } from "./shareCard";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function render(element: React.ReactElement, size: { width: number; height: number }): Promise<Buffer> {
  const response = new ImageResponse(element, size);
  expect(response.headers.get("content-type")).toBe("image/png");
  return Buffer.from(await response.arrayBuffer());
}

const card: ShareCard = {
  locale: "es",
  siteName: "Observatorio Abierto del Comercio",
  kicker: "País",
  title: "Chile",
  figure: { label: "Exportaciones, 2018", value: "US$75,5 mil M", source: "Open Trade Statistics (extracto 2018)" },
  colours: ["#ae3ec9", "#2f9e44", "#f08c00"],
};

describe("share images (next/og)", () => {
  it("draws a card with its figure as a 1200×630 PNG", async () => {
    const png = await render(<OgImage card={card} />, SHARE_IMAGE_SIZE);
    expect(pngSize(png)).toEqual(SHARE_IMAGE_SIZE);
    // A card with a figure and colours draws more than one without them.
    const bare = await render(<OgImage card={{ ...card, figure: null, colours: [] }} />, SHARE_IMAGE_SIZE);
    expect(png.length).toBeGreaterThan(bare.length);
  });

  it("draws a very long title without failing", async () => {
    const png = await render(<OgImage card={{ ...card, title: "Machinery, nuclear reactors, boilers; parts thereof ".repeat(4) }} />, SHARE_IMAGE_SIZE);
    expect(pngSize(png)).toEqual(SHARE_IMAGE_SIZE);
  });

  it("draws the app icons at the manifest's sizes", async () => {
    expect(isAppIconSize(192)).toBe(true);
    expect(isAppIconSize(64)).toBe(false);
    const png = await render(<AppIcon size={180} />, { width: 180, height: 180 });
    expect(pngSize(png)).toEqual({ width: 180, height: 180 });
  });
});
