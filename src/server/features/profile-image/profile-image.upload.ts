import type { FastifyRequest } from 'fastify';
import {
  MAX_PROFILE_IMAGE_BYTES,
  PROFILE_IMAGE_SIZE_MESSAGE,
} from '../../../shared/profile-image.ts';
import { AppError } from '../../errors.ts';
import { notAnImage } from './profile-image.encode.ts';

export const FILE_FIELD = 'profileImage';
/** docs/product/screens.md#form-rules */
export const MAX_FILE_BYTES = MAX_PROFILE_IMAGE_BYTES;
const MULTIPART_OVERHEAD = 64 * 1024;
export const TOO_BIG_MESSAGE = PROFILE_IMAGE_SIZE_MESSAGE;
const UNREADABLE_UPLOAD = 'The upload could not be read. Please try again.';

export const multipartLimits = {
  fileSize: MAX_FILE_BYTES,
  files: 1,
  fields: 4,
  parts: 5,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 20,
};

const tooBig = () => new AppError('too_large', 413, TOO_BIG_MESSAGE);

/** Refused unread when it declares itself far too big; a chunked body is cut by busboy's fileSize. */
export async function refuseOversizedBody(request: FastifyRequest): Promise<void> {
  const length = Number(request.headers['content-length']);
  if (length > MAX_FILE_BYTES + MULTIPART_OVERHEAD) throw tooBig();
}

/** The plugin's errors are for developers: in our words, never a 5xx. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooBig();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return notAnImage();
  }
  // Malformed multipart (no boundary, cut short): busboy throws plain errors without a status.
  return new AppError('validation_failed', 400, UNREADABLE_UPLOAD);
}

/** At most 5 MB held in memory: busboy discards the rest of a file past its limit. */
export async function readProfileImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw notAnImage();
  try {
    const part = await request.file({ limits: multipartLimits });
    if (!part || part.fieldname !== FILE_FIELD) throw notAnImage();
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw notAnImage();
    return bytes;
  } catch (error) {
    throw uploadError(error);
  }
}
