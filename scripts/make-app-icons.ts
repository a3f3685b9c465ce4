/**
 * Draws the icons of the web app manifest (src/web/public/manifest.webmanifest) from the
 * favicon's design: the blue tile with "OG". Run once when the design changes
 * (`npx tsx scripts/make-app-icons.ts`); the PNGs it writes are committed. The letters are
 * paths, not text, so the drawing does not depend on the fonts of the machine that runs it.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const BLUE = '#0b57d0';
const OUT = path.join(import.meta.dirname, '..', 'src', 'web', 'public', 'icons');

// "OG" in a 64-unit box, centred on (32, 32): an O ring and a G ring with its bar.
const LETTERS = `
  <path fill="none" stroke="#fff" stroke-width="5.5" d="M19.5 22.5a8 9.5 0 1 0 0.01 0Z" transform="translate(-1 0)"/>
  <path fill="none" stroke="#fff" stroke-width="5.5" stroke-linecap="butt"
        d="M51.5 26.5a8 9.5 0 1 0 1 8.5h-7"/>
`;

/** The tile: rounded for the ordinary icons; a full square for the maskable one, whose
 *  launcher cuts its own shape, with the letters inside the middle 80% it promises to keep. */
function tile(maskable: boolean): string {
  const letters = maskable
    ? `<g transform="translate(32 32) scale(0.78) translate(-32 -32)">${LETTERS}</g>`
    : LETTERS;
  const background = maskable
    ? `<rect width="64" height="64" fill="${BLUE}"/>`
    : `<rect width="64" height="64" rx="14" fill="${BLUE}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${background}${letters}</svg>`;
}

/** The small monochrome badge Android shows in the status bar: only its transparency counts. */
function badge(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${LETTERS}</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS draws its own rounded corners and ignores transparency: the full square.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

await mkdir(OUT, { recursive: true });
await sharp(Buffer.from(badge()), { density: (72 * 96) / 64 })
  .resize(96, 96)
  .png({ compressionLevel: 9 })
  .toFile(path.join(OUT, 'badge-96.png'));
for (const icon of ICONS) {
  await sharp(Buffer.from(tile(icon.maskable)), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, icon.file));
}
console.log(`Wrote ${ICONS.length + 1} icons to ${path.relative(process.cwd(), OUT)}`);
