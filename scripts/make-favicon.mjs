/**
 * Writes src/app/favicon.ico from src/app/icon.svg: an ICO holding 16, 32 and 48 px PNGs (the form
 * every current browser reads), drawn by the renderer next/og ships. Run after changing the icon:
 *   node scripts/make-favicon.mjs
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createElement } from "react";
import { ImageResponse } from "next/dist/compiled/@vercel/og/index.node.js";

const svg = readFileSync("src/app/icon.svg");
const src = `data:image/svg+xml;base64,${svg.toString("base64")}`;
const images = [];
for (const size of [16, 32, 48]) {
  const response = new ImageResponse(createElement("img", { src, width: size, height: size }), { width: size, height: size });
  images.push({ size, data: Buffer.from(await response.arrayBuffer()) });
}
// ICONDIR, then one ICONDIRENTRY per image, then the images.
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = header.length + 16 * images.length;
const entries = images.map(({ size, data }) => {
  const entry = Buffer.alloc(16);
  entry[0] = size;
  entry[1] = size;
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(data.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += data.length;
  return entry;
});
writeFileSync("src/app/favicon.ico", Buffer.concat([header, ...entries, ...images.map((i) => i.data)]));
console.log(`src/app/favicon.ico: ${images.map((i) => `${i.size}px`).join(", ")}`);
