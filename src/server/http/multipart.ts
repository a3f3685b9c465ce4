import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors';
import {
  validationKeyOf,
  VALIDATION,
  type FieldErrors,
} from '../../shared/messages/validation-keys';

/**
 * At most this many uploads are read and decoded at once in this process;
 * each may hold an icon-sized buffer and a decoder's memory. More are answered 503
 * `unavailable` at once (the browser shows "try again"), instead of exhausting memory.
 */
export const MAX_CONCURRENT_UPLOADS = 4;
let uploadsInFlight = 0;

/** Runs the reading and decoding of one upload in a slot, or refuses when all are taken. */
export async function withUploadSlot<T>(work: () => Promise<T>): Promise<T> {
  if (uploadsInFlight >= MAX_CONCURRENT_UPLOADS) throw new AppError('unavailable');
  uploadsInFlight++;
  try {
    return await work();
  } finally {
    uploadsInFlight--;
  }
}

export interface MultipartBody {
  fields: Record<string, string>;
  file: Buffer | undefined;
}

/**
 * Reads a multipart form with at most one file (`fileField`), refusing an oversize file with
 * the upload error tied to that field. The client's file name and type are not trusted: the
 * bytes are decoded later.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileField: string,
  maxFileBytes: number,
): Promise<MultipartBody> {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: maxFileBytes, files: 1, fields: 30, fieldSize: 4_000, parts: 31 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === fileField && bytes.length > 0) file = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('upload/image-too-large', { [fileField]: VALIDATION.imageTooLarge });
    }
    // The parser's own errors (no boundary, a body cut short) carry no status: bad input, not a 500.
    if (typeof (error as { statusCode?: unknown }).statusCode !== 'number') {
      throw new AppError('invalid-argument');
    }
    throw error;
  }
  return { fields, file };
}

/** Parses with a shared schema; failures become `invalid-argument` with message keys per field. */
export function parseFields<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    fieldErrors[issue.path.join('.') || '_'] ??= validationKeyOf(issue.message);
  }
  throw new AppError('invalid-argument', fieldErrors);
}
