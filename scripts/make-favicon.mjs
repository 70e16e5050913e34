#!/usr/bin/env node
// Writes packages/web/public/favicon.ico from the shapes of src/assets/favicon.svg (a rounded blue
// square with a white L) at 16 and 32 px, supersampled. Browsers use the SVG the pages link; this
// answers clients that ask for /favicon.ico. Run again if the logo changes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const BLUE = [0x19, 0x71, 0xc2];
const WHITE = [0xff, 0xff, 0xff];

function insideRounded(x, y, size = 32, radius = 7) {
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}
const insideL = (x, y) =>
  (x >= 9 && x <= 13 && y >= 8 && y <= 24) || (x >= 9 && x <= 23 && y >= 21 && y <= 24);

/** One pixel's premultiplied average over samples², as [r, g, b, a]. */
function pixel(px, py, size, samples = 4) {
  const scale = 32 / size;
  let [r, g, b, covered] = [0, 0, 0, 0];
  for (let sy = 0; sy < samples; sy += 1) {
    for (let sx = 0; sx < samples; sx += 1) {
      const x = (px + (sx + 0.5) / samples) * scale;
      const y = (py + (sy + 0.5) / samples) * scale;
      if (!insideRounded(x, y)) continue;
      const colour = insideL(x, y) ? WHITE : BLUE;
      r += colour[0];
      g += colour[1];
      b += colour[2];
      covered += 1;
    }
  }
  if (covered === 0) return [0, 0, 0, 0];
  return [r / covered, g / covered, b / covered, (255 * covered) / samples ** 2].map(Math.round);
}

/** A 32-bit BMP as an icon holds it: the header with the height doubled, rows bottom-up, an AND mask. */
function bitmap(size) {
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const [r, g, b, a] = pixel(px, py, size);
      pixels.set([b, g, r, a], ((size - 1 - py) * size + px) * 4);
    }
  }
  const mask = Buffer.alloc(Math.ceil(size / 32) * 4 * size);
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(size, 4);
  header.writeInt32LE(size * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  header.writeUInt32LE(pixels.length + mask.length, 20);
  return Buffer.concat([header, pixels, mask]);
}

const images = [16, 32].map((size) => ({ size, data: bitmap(size) }));
const head = Buffer.alloc(6);
head.writeUInt16LE(1, 2);
head.writeUInt16LE(images.length, 4);
let offset = 6 + 16 * images.length;
const entries = images.map(({ size, data }) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size, 0);
  entry.writeUInt8(size, 1);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(data.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += data.length;
  return entry;
});
const out = path.resolve(import.meta.dirname, '../packages/web/public/favicon.ico');
writeFileSync(out, Buffer.concat([head, ...entries, ...images.map(({ data }) => data)]));
console.log(`wrote ${out}`);
