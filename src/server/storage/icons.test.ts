import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ICON_MAX_BYTES } from '../../shared/constants';
import { createSession } from '../credentials/sessions';
import { mentorIcons } from '../db/schema';
import { AppError } from '../errors';
import { insertUser, createTestApp, signIn, type TestApp } from '../test/app';
import {
  ICON_GRACE_MS,
  iconUrl,
  processIcon,
  purgeRetiredIcons,
  retireIconsExcept,
  RETIRED_ICONS_KEPT,
  storeIcon,
  type ProcessedIcon,
} from './icons-service';

// ---------------------------------------------------------------------------------------------
// Fixtures, made here with sharp.

function solid(width: number, height: number, background = '#36c') {
  return sharp({ create: { width, height, channels: 3, background } });
}

function jpeg(width: number, height: number) {
  return solid(width, height).jpeg().toBuffer();
}

function png(width: number, height: number) {
  return solid(width, height).png().toBuffer();
}

/** A photo as a phone writes it: turned by an EXIF Orientation tag, with a GPS position. */
function phonePhoto(width: number, height: number, orientation: number) {
  return solid(width, height)
    .withMetadata({ orientation })
    .withExifMerge({
      IFD0: { Make: 'TestPhone', Model: 'Fixture 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 41/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '139/1 41/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

/** Whether an EXIF block (as sharp's metadata() returns it) has a GPS IFD in IFD0. */
function hasGpsIfd(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.toString('latin1', 0, 4) === 'Exif' ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i++) {
    if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  }
  return false;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('expected the upload to be refused');
}

async function expectJpeg(content: Buffer, width: number, height: number) {
  expect(content.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  const metadata = await sharp(content).metadata();
  expect(metadata).toMatchObject({ format: 'jpeg', width, height });
}

// ---------------------------------------------------------------------------------------------

describe('processIcon: re-encoding', () => {
  it('shrinks a 3000×2000 JPEG to 800×533 for registration', async () => {
    const icon = await processIcon(await jpeg(3000, 2000), 800);
    expect(icon).toMatchObject({ width: 800, height: 533, contentType: 'image/jpeg' });
    await expectJpeg(icon.content, 800, 533);
  });

  it('shrinks the same photo to 400 px on its longest side for an edit', async () => {
    const icon = await processIcon(await jpeg(2000, 3000), 400);
    expect(icon).toMatchObject({ width: 267, height: 400 });
    await expectJpeg(icon.content, 267, 400);
  });

  it('converts a small PNG to JPEG without enlarging it', async () => {
    const input = await png(120, 80);
    expect((await sharp(input).metadata()).format).toBe('png');
    const icon = await processIcon(input, 800);
    expect(icon).toMatchObject({ width: 120, height: 80, contentType: 'image/jpeg' });
    await expectJpeg(icon.content, 120, 80);
  });

  it('puts a transparent PNG on white, not black', async () => {
    const input = await sharp({
      create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const icon = await processIcon(input, 800);
    const { data } = await sharp(icon.content).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(data[0]!, data[1]!, data[2]!)).toBeGreaterThan(240);
  });

  it('judges by content only: PNG bytes meant as "photo.jpg" come out as a JPEG', async () => {
    const icon = await processIcon(await png(64, 48), 400);
    await expectJpeg(icon.content, 64, 48);
  });

  it('applies the EXIF orientation, then drops EXIF (GPS included) from the output', async () => {
    const input = await phonePhoto(300, 200, 6);
    // The fixture really carries what must disappear.
    const before = await sharp(input).metadata();
    expect(before).toMatchObject({ width: 300, height: 200, orientation: 6 });
    expect(hasGpsIfd(before.exif!)).toBe(true);

    const icon = await processIcon(input, 800);
    expect(icon).toMatchObject({ width: 200, height: 300 });
    const after = await sharp(icon.content).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(icon.content.includes(Buffer.from('TestPhone'))).toBe(false);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const frame = (r: number, g: number, b: number) =>
      Buffer.alloc(100 * 100 * 3, Buffer.from([r, g, b]));
    const gif = await sharp(Buffer.concat([frame(255, 0, 0), frame(0, 0, 255)]), {
      raw: { width: 100, height: 200, channels: 3, pageHeight: 100 },
    })
      .gif()
      .toBuffer();
    expect((await sharp(gif, { pages: -1 }).metadata()).pages).toBe(2);

    const icon = await processIcon(gif, 800);
    expect(icon).toMatchObject({ width: 100, height: 100 });
    const { data } = await sharp(icon.content).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it('turns a 12-megapixel photo into an 800 px icon in reasonable time', async () => {
    const input = await jpeg(4000, 3000);
    // The processor time the work takes (every thread of this process), which a machine busy
    // with other work does not stretch as it stretches the clock.
    const started = process.cpuUsage();
    const icon = await processIcon(input, 800);
    const used = process.cpuUsage(started);
    const elapsed = (used.user + used.system) / 1000;
    expect(icon).toMatchObject({ width: 800, height: 600 });
    // A sanity bound, not a benchmark.
    expect(elapsed).toBeLessThan(3000);
  });
});

describe('processIcon: refusing what is not an image', () => {
  const notImages: [string, () => Buffer | Promise<Buffer>][] = [
    ['plain text', () => Buffer.from('これは画像ではありません。\n')],
    ['an empty file', () => Buffer.alloc(0)],
    [
      'an HTML page with a script (even when named photo.jpg)',
      () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
    ],
    ['a JavaScript file', () => Buffer.from('fetch("/api/auth/session").then((r) => r.json());')],
    [
      'JPEG magic bytes followed by HTML',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html>x</html>')]),
    ],
    [
      'a truncated JPEG',
      async () => {
        const whole = await jpeg(600, 400);
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
    ],
    [
      'an SVG',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
            '<script>alert(1)</script><rect width="100" height="100" fill="#36c"/></svg>',
        ),
    ],
    ['random bytes of exactly the size limit', () => randomBytes(ICON_MAX_BYTES)],
  ];

  it.each(notImages)('refuses %s with upload/not-an-image', async (_name, make) => {
    expect(await refusal(processIcon(await make(), 800))).toBe('upload/not-an-image');
  });

  it('neutralises an HTML/JS polyglot: the stored icon is re-encoded pixels only', async () => {
    // A real GIF that a browser sniffing content would also read as HTML with a script.
    const script = '<html><script>alert(document.cookie)</script></html>';
    const gif = await solid(40, 40).gif().toBuffer();
    const polyglot = Buffer.concat([gif, Buffer.from(script)]);
    const icon = await processIcon(polyglot, 800);
    expect(icon.contentType).toBe('image/jpeg');
    expect(icon.content.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(icon.content.includes('<script')).toBe(false);
    expect(icon.content.includes('alert(')).toBe(false);
  });

  it('refuses text and HTML outright, whatever the file is called', async () => {
    for (const bytes of ['hello', '<!doctype html><script>alert(1)</script>', '%PDF-1.7']) {
      expect(await refusal(processIcon(Buffer.from(bytes), 800))).toBe('upload/not-an-image');
    }
  });

  it('refuses an SVG even though sharp could render it', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    // The precondition: sharp decodes it, so only our format rule stands in the way.
    expect((await sharp(svg).png().toBuffer()).length).toBeGreaterThan(0);
    expect(await refusal(processIcon(svg, 800))).toBe('upload/not-an-image');
  });
});

describe('processIcon: refusing what is too large', () => {
  let bomb: Buffer;
  beforeAll(async () => {
    // 90 megapixels of one colour: a small file that would decode to ~270 MB.
    bomb = await sharp({
      create: { width: 10_000, height: 9_000, channels: 3, background: '#36c' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
  });

  it('refuses a file over 5 MB even when it is a valid image', async () => {
    const noise = randomBytes(1400 * 1400 * 3);
    const big = await sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(ICON_MAX_BYTES);
    expect(await refusal(processIcon(big, 800))).toBe('upload/image-too-large');
  });

  it('refuses a decompression bomb quickly, without decoding it', async () => {
    expect(bomb.length).toBeLessThan(ICON_MAX_BYTES);
    const started = performance.now();
    expect(await refusal(processIcon(bomb, 800))).toBe('upload/image-too-large');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses more pixels than the limit even when both sides are at most 8000', async () => {
    const input = await solid(7000, 7000).png({ compressionLevel: 9 }).toBuffer();
    expect(await refusal(processIcon(input, 800))).toBe('upload/image-too-large');
  });

  it('refuses a side over 8000 px even with few pixels', async () => {
    expect(await refusal(processIcon(await png(8001, 10), 800))).toBe('upload/image-too-large');
    // …while 8000 px is still fine.
    expect(await processIcon(await png(8000, 10), 800)).toMatchObject({ width: 800, height: 1 });
  });
});

// ---------------------------------------------------------------------------------------------

describe('stored icons and GET /api/icons/:iconId', () => {
  let t: TestApp;
  let owner: { id: string };
  let cookie: string;
  let icon: ProcessedIcon;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await insertUser(t.app, { email: 'icon-owner@example.com', role: 'mentor' });
    await insertUser(t.app, { email: 'icon-viewer@example.com', role: 'student' });
    cookie = await signIn(t.app, 'icon-viewer@example.com');
    icon = await processIcon(await jpeg(1200, 900), 800);
  });
  afterAll(async () => {
    await t?.close();
  });

  function get(url: string, headers: Record<string, string> = { cookie }) {
    return t.app.inject({ method: 'GET', url, headers });
  }

  it('names an icon by its id', () => {
    expect(iconUrl('0b8f3a4e-5d7c-4e2a-9f1b-2c3d4e5f6a7b')).toBe(
      '/api/icons/0b8f3a4e-5d7c-4e2a-9f1b-2c3d4e5f6a7b',
    );
  });

  it('stores the icon with its size and serves the identical bytes with safe headers', async () => {
    const id = await storeIcon(t.app.ctx.db, owner.id, icon);
    const [row] = await t.app.ctx.db.select().from(mentorIcons).where(eq(mentorIcons.id, id));
    expect(row).toMatchObject({
      userId: owner.id,
      contentType: 'image/jpeg',
      byteSize: icon.content.length,
      width: 800,
      height: 600,
    });

    const response = await get(iconUrl(id));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(icon.content)).toBe(true);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('gives each upload its own URL', async () => {
    const first = await storeIcon(t.app.ctx.db, owner.id, icon);
    const second = await storeIcon(t.app.ctx.db, owner.id, icon);
    expect(iconUrl(first)).not.toBe(iconUrl(second));
  });

  it('answers 401 without a session, and serves no bytes', async () => {
    const id = await storeIcon(t.app.ctx.db, owner.id, icon);
    const response = await get(iconUrl(id), {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'auth/unauthenticated' });
  });

  it('answers 403 to an account whose address is not verified', async () => {
    const id = await storeIcon(t.app.ctx.db, owner.id, icon);
    const unverified = await insertUser(t.app, {
      email: 'icon-unverified@example.com',
      role: 'mentor',
      emailVerified: false,
    });
    const session = `og_session=${await createSession(t.app.ctx.db, unverified.id)}`;
    const response = await get(iconUrl(id), { cookie: session });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'auth/email-not-verified' });
  });

  it('answers 404 JSON for an unknown id and for a malformed one', async () => {
    for (const url of [iconUrl(randomUUID()), iconUrl('not-a-uuid'), iconUrl("1' or '1'='1")]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ code: 'not-found' });
    }
  });

  it('keeps only the two most recently replaced icons of a user who uploads again and again', async () => {
    const mentor = await insertUser(t.app, { email: 'icon-many@example.com', role: 'mentor' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await storeIcon(t.app.ctx.db, mentor.id, icon);
      await retireIconsExcept(t.app.ctx.db, mentor.id, id);
      ids.push(id);
    }
    const left = await t.app.ctx.db
      .select({ id: mentorIcons.id })
      .from(mentorIcons)
      .where(eq(mentorIcons.userId, mentor.id));
    expect(left.map((row) => row.id).sort()).toEqual(ids.slice(-1 - RETIRED_ICONS_KEPT).sort());
  });

  it('retireIconsExcept keeps the older icons of that user through the grace period only', async () => {
    const other = await insertUser(t.app, { email: 'icon-other@example.com', role: 'mentor' });
    const mentor = await insertUser(t.app, { email: 'icon-mentor@example.com', role: 'mentor' });
    const old = await storeIcon(t.app.ctx.db, mentor.id, icon);
    const current = await storeIcon(t.app.ctx.db, mentor.id, icon);
    const othersIcon = await storeIcon(t.app.ctx.db, other.id, icon);

    await retireIconsExcept(t.app.ctx.db, mentor.id, current);

    // A page that still names the old icon shows it, not a broken image.
    for (const id of [old, current, othersIcon]) {
      expect((await get(iconUrl(id))).statusCode).toBe(200);
    }
    await purgeRetiredIcons(t.app.ctx.db);
    expect((await get(iconUrl(old))).statusCode).toBe(200);

    await t.app.ctx.db
      .update(mentorIcons)
      .set({ replacedAt: new Date(Date.now() - ICON_GRACE_MS - 1000) })
      .where(eq(mentorIcons.id, old));
    expect((await get(iconUrl(old))).statusCode).toBe(404);
    await purgeRetiredIcons(t.app.ctx.db);
    expect((await get(iconUrl(current))).statusCode).toBe(200);
    expect((await get(iconUrl(othersIcon))).statusCode).toBe(200);
    const left = await t.app.ctx.db
      .select({ id: mentorIcons.id })
      .from(mentorIcons)
      .where(eq(mentorIcons.userId, mentor.id));
    expect(left).toEqual([{ id: current }]);
  });
});
