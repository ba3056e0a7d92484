import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { iconFiles, renderPixels } from '../../scripts/icons.ts';

// /app's installable icons: what the manifest and the page promise (file, size, purpose) is
// what the checked-in PNGs are, and the PNGs are what scripts/icons.ts draws.

const root = join(import.meta.dirname, '../..');
const appDir = join(root, 'extension/app');

interface Png {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  /** The inflated IDAT stream: per scanline a filter byte, then the pixels. */
  raw: Buffer;
}

/** Reads a PNG's IHDR (which must be its first chunk) and its image data. */
function readPng(file: string): Png {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const idat: Buffer[] = [];
  let header: Buffer | undefined;
  let at = 8;
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.subarray(at + 4, at + 8).toString('ascii');
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (at === 8) expect(type).toBe('IHDR');
    if (type === 'IHDR') header = data;
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  if (!header) throw new Error(`${file} has no IHDR`);
  return {
    width: header.readUInt32BE(0),
    height: header.readUInt32BE(4),
    bitDepth: header[8]!,
    colourType: header[9]!,
    raw: inflateSync(Buffer.concat(idat)),
  };
}

/** `/app/icons/<name>` is served from extension/app/icons/<name> (vite.config.ts copies the folder). */
function fileFor(src: string): string {
  const match = /^\/app\/icons\/([\w-]+\.png)$/.exec(src);
  if (!match) throw new Error(`icon ${src} is not under /app/icons/`);
  return join(appDir, 'icons', match[1]!);
}

/** RGBA of one pixel of an 8-bit RGBA PNG whose scanlines are unfiltered (as icons.ts writes). */
function rgbaAt(png: Png, x: number, y: number): number[] {
  const at = y * (1 + png.width * 4) + 1 + x * 4;
  return [...png.raw.subarray(at, at + 4)];
}

const unfiltered = (png: Png) =>
  Array.from({ length: png.height }, (_, y) => png.raw[y * (1 + png.width * 4)]).every((f) => f === 0);

const manifest = JSON.parse(readFileSync(join(appDir, 'manifest.webmanifest'), 'utf8')) as {
  display: string;
  start_url: string;
  scope: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

describe('/app manifest icons', () => {
  it('installs standalone at /app/', () => {
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/app/', scope: '/app/' });
  });

  it('has a 192 and a 512 px icon for any use and a maskable one', () => {
    const has = (sizes: string, purpose: string) =>
      manifest.icons.some((icon) => icon.sizes === sizes && icon.purpose.split(' ').includes(purpose));
    expect(has('192x192', 'any')).toBe(true);
    expect(has('512x512', 'any')).toBe(true);
    expect(manifest.icons.some((icon) => icon.purpose.split(' ').includes('maskable'))).toBe(true);
  });

  it.each(manifest.icons.map((icon) => [icon.src, icon] as const))(
    '%s exists, is a PNG of the stated size and has a known purpose',
    (_src, icon) => {
      const file = fileFor(icon.src);
      expect(existsSync(file), file).toBe(true);
      expect(icon.type).toBe('image/png');
      const png = readPng(file);
      const [width, height] = icon.sizes.split('x').map(Number);
      expect({ width: png.width, height: png.height }).toEqual({ width, height });
      expect({ bitDepth: png.bitDepth, colourType: png.colourType }).toEqual({ bitDepth: 8, colourType: 6 });
      for (const purpose of icon.purpose.split(' '))
        expect(['any', 'maskable', 'monochrome']).toContain(purpose);
    },
  );

  it('a maskable icon is opaque to its edges and draws only inside the safe circle', () => {
    for (const icon of manifest.icons.filter((i) => i.purpose.split(' ').includes('maskable'))) {
      const png = readPng(fileFor(icon.src));
      expect(unfiltered(png)).toBe(true);
      const background = rgbaAt(png, 0, 0);
      const centre = png.width / 2;
      // The safe zone of a maskable icon: a circle of 40 % of the size around the centre.
      const safe = 0.4 * png.width;
      for (let y = 0; y < png.height; y++)
        for (let x = 0; x < png.width; x++) {
          const pixel = rgbaAt(png, x, y);
          if (pixel[3] !== 255) throw new Error(`pixel ${x},${y} of ${icon.src} is not opaque`);
          const drawn = pixel.some((value, i) => value !== background[i]);
          if (drawn && Math.hypot(x + 0.5 - centre, y + 0.5 - centre) > safe)
            throw new Error(`pixel ${x},${y} of ${icon.src} lies outside the safe circle`);
        }
    }
  });

  it('the page links an icon and an Apple touch icon that exist at their stated sizes', () => {
    const html = readFileSync(join(appDir, 'index.html'), 'utf8');
    const links = [...html.matchAll(/<link rel="(icon|apple-touch-icon)"[^>]*>/g)].map((m) => m[0]);
    expect(links.map((link) => /rel="([^"]+)"/.exec(link)![1]).sort()).toEqual(['apple-touch-icon', 'icon']);
    for (const link of links) {
      const png = readPng(fileFor(/href="([^"]+)"/.exec(link)![1]!));
      const [width] = /sizes="(\d+)x\d+"/.exec(link)!.slice(1).map(Number);
      expect(png.width).toBe(width);
      expect(png.height).toBe(width);
    }
  });
});

describe('scripts/icons.ts', () => {
  it('lists every icon the manifest and the page use', () => {
    const html = readFileSync(join(appDir, 'index.html'), 'utf8');
    const used = [
      ...manifest.icons.map((icon) => icon.src),
      ...[...html.matchAll(/href="(\/app\/icons\/[^"]+)"/g)].map((m) => m[1]!),
    ];
    const drawn = new Set(iconFiles.map((icon) => join(root, icon.path)));
    for (const src of used) expect(drawn.has(fileFor(src)), src).toBe(true);
  });

  it.each(iconFiles.map((icon) => [icon.path, icon] as const))(
    '%s holds exactly the pixels the script draws',
    (_path, icon) => {
      const png = readPng(join(root, icon.path));
      expect(png.width).toBe(icon.size);
      expect(png.raw.equals(renderPixels(icon.size, icon.drawing))).toBe(true);
    },
  );
});
