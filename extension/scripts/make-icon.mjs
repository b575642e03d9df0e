// Draws the extension's icon (images/icon.png, 128×128) from shapes, so no image tool is needed:
// a rounded tile with "(=)" — a formula's brackets around an equals sign. Run: node scripts/make-icon.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 128;
const SS = 4; // supersamples per axis, for smooth edges

const inRoundRect = (x, y, x0, y0, x1, y1, r) => {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return x >= x0 && x <= x1 && y >= y0 && y <= y1 && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
// A bracket is a ring segment: between two radii, on one side of its centre.
const inArc = (x, y, cx, cy, rOuter, rInner, side) => {
  const d = Math.hypot(x - cx, y - cy);
  const dx = (x - cx) * side;
  return d <= rOuter && d >= rInner && dx > 0 && Math.abs(y - cy) < 44;
};

const shapes = [
  { color: [255, 255, 255], hit: (x, y) => inArc(x, y, 100, 64, 64, 55, -1) }, // (
  { color: [255, 255, 255], hit: (x, y) => inArc(x, y, 28, 64, 64, 55, 1) }, // )
  { color: [255, 214, 102], hit: (x, y) => inRoundRect(x, y, 50, 48, 78, 57, 4) }, // = upper bar
  { color: [255, 214, 102], hit: (x, y) => inRoundRect(x, y, 50, 71, 78, 80, 4) }, // = lower bar
];

const rgba = Buffer.alloc(SIZE * SIZE * 4);
for (let py = 0; py < SIZE; py++) {
  for (let px = 0; px < SIZE; px++) {
    let r = 0, g = 0, b = 0, a = 0;
    for (let sy = 0; sy < SS; sy++) {
      for (let sx = 0; sx < SS; sx++) {
        const x = px + (sx + 0.5) / SS;
        const y = py + (sy + 0.5) / SS;
        if (!inRoundRect(x, y, 4, 4, 124, 124, 22)) continue;
        // Tile: a vertical gradient from teal to deep blue.
        let c = [16 + (y / SIZE) * 10, 128 - (y / SIZE) * 70, 160 - (y / SIZE) * 30];
        for (const s of shapes) if (s.hit(x, y)) c = s.color;
        r += c[0]; g += c[1]; b += c[2]; a += 255;
      }
    }
    const n = SS * SS;
    const covered = a / 255;
    const o = (py * SIZE + px) * 4;
    rgba[o] = covered ? r / covered : 0;
    rgba[o + 1] = covered ? g / covered : 0;
    rgba[o + 2] = covered ? b / covered : 0;
    rgba[o + 3] = a / n;
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(SIZE, 0);
ihdr.writeUInt32BE(SIZE, 4);
ihdr[8] = 8; // bit depth
ihdr[9] = 6; // RGBA
const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) rgba.copy(raw, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', ihdr),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const out = new URL('../images/icon.png', import.meta.url);
writeFileSync(out, png);
console.log(`wrote ${out.pathname} (${png.length} bytes)`);
