// Draws the PWA icons (public/icons/*.png) from public/favicon.svg's design: a teal clock face (circle at 16,17 r 12 in a
// 32-unit box) with white hands (M16 10 v7 l5 3, 2.5 wide, round caps). No image library and no download: shapes are
// sampled 4x4 per pixel for smooth edges and written as PNG with node:zlib. Run: node scripts/make-icons.mjs
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const TEAL = [0x0b, 0x5d, 0x57];
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** RGBA pixels (size*size*4) to a PNG file. */
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

function distToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * Layers, bottom to top, each a test "is this point (in 32-unit design space) inside?" and a colour.
 * `full`: paint the whole square first (maskable and Apple icons: no transparency; the clock sits in the safe zone).
 */
function draw(size, { full, scale, cx, cy }) {
  const u = 32 / size; // design units per pixel before `scale`
  const hands = [
    [cx, cy - 7],
    [cx, cy],
    [cx + 5, cy + 3],
  ];
  const layers = [];
  if (full) layers.push({ colour: TEAL, inside: () => true });
  else layers.push({ colour: TEAL, inside: (x, y) => Math.hypot(x - cx, y - cy) <= 12 });
  if (full) layers.push({ colour: WHITE, inside: (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - 11) <= 1 });
  layers.push({ colour: WHITE, inside: (x, y) => distToSegment(x, y, hands[0], hands[1]) <= 1.25 || distToSegment(x, y, hands[1], hands[2]) <= 1.25 });

  const rgba = Buffer.alloc(size * size * 4);
  const S = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          // pixel sample → design space, zoomed about the centre (16,16) by `scale`
          const x = 16 + (((px + (sx + 0.5) / S) * u) - 16) / scale;
          const y = 16 + (((py + (sy + 0.5) / S) * u) - 16) / scale;
          let colour = null;
          for (const l of layers) if (l.inside(x, y)) colour = l.colour;
          if (colour) {
            r += colour[0];
            g += colour[1];
            b += colour[2];
            a += 1;
          }
        }
      }
      const i = (py * size + px) * 4;
      if (a > 0) {
        rgba[i] = Math.round(r / a);
        rgba[i + 1] = Math.round(g / a);
        rgba[i + 2] = Math.round(b / a);
      }
      rgba[i + 3] = Math.round((a / (S * S)) * 255);
    }
  }
  return png(size, rgba);
}

mkdirSync(OUT, { recursive: true });
// "any": the favicon as drawn (clock centre 16,17), a little larger so it fills the square.
const plain = { full: false, scale: 32 / 26, cx: 16, cy: 17 - 1 };
// maskable: full bleed teal; the clock (radius 12 + ring) kept inside the 80% safe circle.
const masked = { full: true, scale: 0.95, cx: 16, cy: 16 };
const files = {
  'icon-192.png': draw(192, plain),
  'icon-512.png': draw(512, plain),
  'icon-maskable-512.png': draw(512, masked),
  'apple-touch-icon.png': draw(180, masked),
};
for (const [name, data] of Object.entries(files)) {
  writeFileSync(join(OUT, name), data);
  console.log(`${name}: ${data.length} bytes`);
}
