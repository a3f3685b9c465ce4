import { and, desc, eq, gt, isNotNull, isNull, lt, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Metadata } from 'sharp';
import { ICON_JPEG_QUALITY, ICON_MAX_BYTES } from '../../shared/constants';
import type { Executor } from '../db/client';
import { mentorIcons } from '../db/schema';
import { AppError } from '../errors';

/**
 * Pixels an upload may decode to: enough for a 12-megapixel phone photo with room to spare,
 * far below sharp's default (0x3FFF²), so a small file cannot expand into gigabytes.
 */
export const ICON_MAX_INPUT_PIXELS = 40_000_000;
/** Longest side an upload may have (the message of 'upload/image-too-large' names it). */
export const ICON_MAX_INPUT_SIDE = 8000;

/**
 * Formats we decode (sharp reports AVIF as 'heif'); SVG (scripts, external references) and
 * everything else is refused.
 */
const ACCEPTED_FORMATS: ReadonlySet<Metadata['format']> = new Set<Metadata['format']>([
  'jpeg',
  'png',
  'webp',
  'gif',
  'heif',
  'tiff',
]);

export interface ProcessedIcon {
  content: Buffer;
  width: number;
  height: number;
  contentType: 'image/jpeg';
}

/**
 * libvips is loaded at the first upload, not at start-up: most of the server's life needs no
 * image code, and the library is some 20 MB of the process's memory.
 */
async function loadSharp() {
  return (await import('sharp')).default;
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/** Anything sharp throws while reading an upload is the upload's fault, never a 500. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError(isPixelLimitError(error) ? 'upload/image-too-large' : 'upload/not-an-image');
}

/**
 * Decodes an uploaded image and re-encodes it as a JPEG that fits inside maxSide×maxSide:
 * EXIF orientation applied, then every piece of metadata (EXIF, GPS, XMP, ICC) dropped.
 * Only the first frame of an animation is kept. The file name plays no part: only the bytes.
 */
export async function processIcon(input: Buffer, maxSide: number): Promise<ProcessedIcon> {
  if (input.length > ICON_MAX_BYTES) throw new AppError('upload/image-too-large');
  try {
    const image = (await loadSharp())(input, {
      limitInputPixels: ICON_MAX_INPUT_PIXELS,
      failOn: 'error',
      pages: 1,
    });
    const metadata = await image.metadata();
    if (metadata.format === 'svg' || !ACCEPTED_FORMATS.has(metadata.format)) {
      throw new AppError('upload/not-an-image');
    }
    const { width, height } = metadata;
    if (!width || !height) throw new AppError('upload/not-an-image');
    if (
      width > ICON_MAX_INPUT_SIDE ||
      height > ICON_MAX_INPUT_SIDE ||
      width * height > ICON_MAX_INPUT_PIXELS
    ) {
      throw new AppError('upload/image-too-large');
    }
    const { data, info } = await image
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      // A transparent PNG becomes a white-backed JPEG, not a black one.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: ICON_JPEG_QUALITY, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { content: data, width: info.width, height: info.height, contentType: 'image/jpeg' };
  } catch (error) {
    throw uploadError(error);
  }
}

/** Saves a processed icon for a user and returns its id. */
export async function storeIcon(
  db: Executor,
  userId: string,
  icon: ProcessedIcon,
): Promise<string> {
  const [row] = await db
    .insert(mentorIcons)
    .values({
      userId,
      contentType: icon.contentType,
      content: icon.content,
      byteSize: icon.content.length,
      width: icon.width,
      height: icon.height,
    })
    .returning({ id: mentorIcons.id });
  return row!.id;
}

/**
 * How long a replaced icon keeps answering. A page (or another process's cached OG
 * list) read before the change still names the old URL; it shows the old picture, not a
 * broken image, until it is read again. Then the maintenance job purges it.
 */
export const ICON_GRACE_MS = 24 * 60 * 60 * 1000;

const graceInterval = sql`make_interval(secs => ${ICON_GRACE_MS / 1000})`;

/**
 * How many replaced icons a user keeps through the grace period: the pages that may still
 * name one were read moments ago, so the last two cover them; more would let repeated
 * uploads pile up for a day.
 */
export const RETIRED_ICONS_KEPT = 2;

/** Marks a user's earlier icons replaced once a new one (keepId) has taken their place. */
export async function retireIconsExcept(db: Executor, userId: string, keepId: string) {
  await db
    .update(mentorIcons)
    .set({ replacedAt: sql`now()` })
    .where(
      and(
        eq(mentorIcons.userId, userId),
        ne(mentorIcons.id, keepId),
        isNull(mentorIcons.replacedAt),
      ),
    );
  const kept = db
    .select({ id: mentorIcons.id })
    .from(mentorIcons)
    .where(and(eq(mentorIcons.userId, userId), isNotNull(mentorIcons.replacedAt)))
    .orderBy(desc(mentorIcons.replacedAt), desc(mentorIcons.createdAt))
    .limit(RETIRED_ICONS_KEPT);
  await db
    .delete(mentorIcons)
    .where(
      and(
        eq(mentorIcons.userId, userId),
        isNotNull(mentorIcons.replacedAt),
        notInArray(mentorIcons.id, kept),
      ),
    );
}

/** Deletes icons replaced longer ago than the grace period (the maintenance job). */
export async function purgeRetiredIcons(db: Executor): Promise<void> {
  await db.delete(mentorIcons).where(lt(mentorIcons.replacedAt, sql`now() - ${graceInterval}`));
}

/** Each upload gets a new id, so the URL changes with the content and may be cached forever. */
export function iconUrl(iconId: string): string {
  return `/api/icons/${iconId}`;
}

/** The stored bytes of one icon, or undefined. */
export async function findIcon(
  db: Executor,
  iconId: string,
): Promise<{ content: Buffer; contentType: string } | undefined> {
  const [row] = await db
    .select({ content: mentorIcons.content, contentType: mentorIcons.contentType })
    .from(mentorIcons)
    .where(
      and(
        eq(mentorIcons.id, iconId),
        or(
          isNull(mentorIcons.replacedAt),
          gt(mentorIcons.replacedAt, sql`now() - ${graceInterval}`),
        ),
      ),
    );
  return row;
}
