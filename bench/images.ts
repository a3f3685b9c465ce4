/**
 * Icon processing of a 12-megapixel phone photo (4000×3000 JPEG, under the 5 MB upload limit):
 * the time processIcon takes from the uploaded bytes to the stored JPEG, for the registration
 * size (800 px) and the edit size (400 px), and what is stored.
 */
import sharp from 'sharp';
import { ICON_MAX_SIDE_EDIT, ICON_MAX_SIDE_REGISTRATION } from '../src/shared/constants';
import { processIcon } from '../src/server/storage/icons-service';

const WIDTH = 4000;
const HEIGHT = 3000;

/** Smooth colour fields with fine grain: compresses like a photo, not like a flat fill. */
export async function twelveMegapixelJpeg(): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let seed = 1;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const grain = (seed >> 16) % 24;
      const offset = (y * WIDTH + x) * 3;
      pixels[offset] = (x / WIDTH) * 200 + grain;
      pixels[offset + 1] = (y / HEIGHT) * 180 + grain;
      pixels[offset + 2] = 128 + 100 * Math.sin((x + y) / 300) * 0.5 + grain;
    }
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export interface IconFigures {
  uploadBytes: number;
  sizes: { maxSide: number; medianMs: number; storedBytes: number }[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function measureIconProcessing(runs = 7): Promise<IconFigures> {
  const upload = await twelveMegapixelJpeg();
  const sizes = [];
  for (const maxSide of [ICON_MAX_SIDE_REGISTRATION, ICON_MAX_SIDE_EDIT]) {
    await processIcon(upload, maxSide); // warm-up: sharp's first call loads libvips
    const times: number[] = [];
    let storedBytes = 0;
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const icon = await processIcon(upload, maxSide);
      times.push(performance.now() - started);
      storedBytes = icon.content.length;
    }
    sizes.push({ maxSide, medianMs: median(times), storedBytes });
  }
  return { uploadBytes: upload.length, sizes };
}
