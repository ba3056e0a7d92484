// Draws Gatehouse's icons (a shield with a gate arch cut out) as PNGs: the extension's toolbar
// icons at 16, 32, 48 and 128 px into extension/public/icon/, and /app's into extension/app/icons/
// (192 and 512 px on transparent, a maskable 512 px and the 180 px Apple touch icon on an opaque
// square). Run after changing the drawing; the PNGs are committed: `node scripts/icons.ts`.
// test/unit/push-app-icons.test.ts draws them again and compares pixels, so the files cannot
// drift from this script. No image library: a shape test per sub-pixel, averaged (4×4
// supersampling), then PNG by hand (zlib is in Node).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const shieldColor = [0x1a, 0x4f, 0xb8];
const edgeColor = [0x0f, 0x33, 0x7a];
type Rgba = [number, number, number, number];

/** How one icon is drawn: the shield's size in the square, and what lies behind it. */
export interface IconDrawing {
  /** The shield is scaled by this around the centre: 1 fills the square. */
  scale: number;
  /** An opaque square behind the shield, or transparent when absent. */
  background?: [number, number, number];
}

/** Transparent, the shield filling the square: toolbar icons and `purpose: "any"`. */
const plain: IconDrawing = { scale: 1 };
/**
 * `purpose: "maskable"`: the launcher cuts the square to its own shape and only the centre
 * circle of 80 % diameter is sure to survive; the shield's corners reach 0.6 from the centre,
 * so at 0.62 they lie inside that circle (radius 0.4) with a margin.
 */
const maskable: IconDrawing = { scale: 0.62, background: [0xff, 0xff, 0xff] };
/** iOS fills transparency with black and rounds the corners itself: opaque, a little inset. */
const appleTouch: IconDrawing = { scale: 0.8, background: [0xff, 0xff, 0xff] };

export interface IconFile {
  /** Relative to the repository root. */
  path: string;
  size: number;
  drawing: IconDrawing;
}

export const iconFiles: IconFile[] = [
  ...[16, 32, 48, 128].map((size) => ({ path: `extension/public/icon/${size}.png`, size, drawing: plain })),
  { path: 'extension/app/icons/192.png', size: 192, drawing: plain },
  { path: 'extension/app/icons/512.png', size: 512, drawing: plain },
  { path: 'extension/app/icons/maskable-512.png', size: 512, drawing: maskable },
  { path: 'extension/app/icons/apple-touch-180.png', size: 180, drawing: appleTouch },
];

/** Inside the shield outline? Coordinates are 0..1 with y down. */
function inShield(x: number, y: number, inset = 0): boolean {
  const top = 0.06 + inset;
  const halfWidth = 0.4 - inset;
  const shoulder = 0.52;
  const tip = 0.96 - inset * 1.6;
  if (y < top || y > tip) return false;
  const dx = Math.abs(x - 0.5);
  if (y <= shoulder) return dx <= halfWidth;
  // From the shoulders the sides curve in to the point at the bottom.
  const t = (y - shoulder) / (tip - shoulder);
  return dx <= halfWidth * Math.sqrt(1 - t * t);
}

/** Inside the gate: an arched doorway in the middle of the shield. */
function inGate(x: number, y: number): boolean {
  const left = 0.37;
  const right = 0.63;
  const springLine = 0.44;
  const bottom = 0.74;
  if (y > bottom) return false;
  if (y >= springLine) return x >= left && x <= right;
  const radius = (right - left) / 2;
  const dy = springLine - y;
  return Math.hypot(x - 0.5, dy) <= radius;
}

function pixel(x: number, y: number, drawing: IconDrawing): Rgba {
  // The shield's own centre (0.5, 0.51) stays put when it is scaled.
  const sx = 0.5 + (x - 0.5) / drawing.scale;
  const sy = 0.51 + (y - 0.51) / drawing.scale;
  const back: Rgba = drawing.background ? [...drawing.background, 255] : [0, 0, 0, 0];
  if (!inShield(sx, sy)) return back;
  if (inGate(sx, sy)) return [255, 255, 255, 255];
  const rgb = inShield(sx, sy, 0.05) ? shieldColor : edgeColor;
  return [rgb[0]!, rgb[1]!, rgb[2]!, 255];
}

/** The icon's pixels: PNG scanlines, each a filter byte (0) and RGBA. */
export function renderPixels(size: number, drawing: IconDrawing): Buffer {
  const samples = 4;
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const [r, g, b, a] = pixel(
            (px + (sx + 0.5) / samples) / size,
            (py + (sy + 0.5) / samples) / size,
            drawing,
          );
          // Colours weighted by alpha, so the anti-aliased edge does not darken.
          sum[0]! += r * a;
          sum[1]! += g * a;
          sum[2]! += b * a;
          sum[3]! += a;
        }
      }
      const alpha = sum[3]!;
      const at = 1 + px * 4;
      if (alpha > 0) {
        row[at] = Math.round(sum[0]! / alpha);
        row[at + 1] = Math.round(sum[1]! / alpha);
        row[at + 2] = Math.round(sum[2]! / alpha);
      }
      row[at + 3] = Math.round(alpha / (samples * samples));
    }
    rows.push(row);
  }
  return Buffer.concat(rows);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number, raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (import.meta.main)
  for (const icon of iconFiles) {
    const file = join(root, icon.path);
    writeFileSync(file, png(icon.size, renderPixels(icon.size, icon.drawing)));
    console.log(`wrote ${file}`);
  }
