import { ICON_JPEG_QUALITY, ICON_MAX_BYTES } from '../../shared/constants';
import { VALIDATION } from '../../shared/messages/validation-keys';

export type ImageFileErrorReason = 'not-an-image' | 'too-large';

/** Why a picked file cannot become a profile image; `messageKey` is its catalogue key. */
export class ImageFileError extends Error {
  readonly reason: ImageFileErrorReason;

  constructor(reason: ImageFileErrorReason, options?: { cause?: unknown }) {
    super(
      reason === 'too-large' ? 'The image file is too large.' : 'The file is not an image.',
      options,
    );
    this.name = 'ImageFileError';
    this.reason = reason;
  }

  get messageKey(): typeof VALIDATION.imageNotImage | typeof VALIDATION.imageTooLarge {
    return this.reason === 'too-large' ? VALIDATION.imageTooLarge : VALIDATION.imageNotImage;
  }
}

/** The cheap checks done before decoding: the declared type and the size in bytes. */
export function validateImageFile(file: File): ImageFileError | null {
  if (!file.type.startsWith('image/')) return new ImageFileError('not-an-image');
  if (file.size > ICON_MAX_BYTES) return new ImageFileError('too-large');
  return null;
}

/** The size that fits `width`×`height` inside a `maxSide` square, keeping the ratio, never enlarging. */
export function fitInside(
  width: number,
  height: number,
  maxSide: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

const JPEG_TYPE = 'image/jpeg';
const JPEG_QUALITY = ICON_JPEG_QUALITY / 100;

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function draw(context: Context2D, bitmap: ImageBitmap, width: number, height: number) {
  // JPEG has no alpha: transparent PNG pixels would otherwise turn black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}

async function encodeWithOffscreenCanvas(bitmap: ImageBitmap, width: number, height: number) {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas context is unavailable.');
  draw(context, bitmap, width, height);
  return canvas.convertToBlob({ type: JPEG_TYPE, quality: JPEG_QUALITY });
}

function encodeWithCanvas(bitmap: ImageBitmap, width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('2D canvas context is unavailable.');
  draw(context, bitmap, width, height);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Canvas could not encode the image.'))),
      JPEG_TYPE,
      JPEG_QUALITY,
    );
  });
}

/**
 * Decodes `file` (honouring its EXIF orientation), scales it so its longer side is at most
 * `maxSide` and re-encodes it as JPEG at ICON_JPEG_QUALITY, as the upload expects.
 * Throws ImageFileError for a file that is not an image or is over ICON_MAX_BYTES; other
 * errors mean the browser could not draw or encode it.
 */
export async function resizeImageFile(file: File, maxSide: number): Promise<Blob> {
  const invalid = validateImageFile(file);
  if (invalid) throw invalid;

  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch (cause) {
    throw new ImageFileError('not-an-image', { cause });
  }

  try {
    if (!bitmap.width || !bitmap.height) throw new ImageFileError('not-an-image');
    const { width, height } = fitInside(bitmap.width, bitmap.height, maxSide);
    return typeof OffscreenCanvas === 'function'
      ? await encodeWithOffscreenCanvas(bitmap, width, height)
      : await encodeWithCanvas(bitmap, width, height);
  } finally {
    bitmap.close();
  }
}
