import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MAX_PAYMENT_FILE_BYTES,
  PAYMENT_FILE_MESSAGES,
  type PaymentFileType,
  type UploadMessages,
} from '../../../shared/payment-file.ts';
import { AppError } from '../../errors.ts';
import { contentDisposition } from '../timesheets/file-name.ts';

/** The one file part the client sends (decision 043). */
export const FILE_FIELD = 'file';
const MULTIPART_OVERHEAD = 64 * 1024;

export const multipartLimits = {
  fileSize: MAX_PAYMENT_FILE_BYTES,
  files: 1,
  fields: 4,
  parts: 5,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 20,
};

const refuse = (message: string) =>
  new AppError('validation_failed', 400, message, { file: message });
export const notAcceptedType = () => refuse(PAYMENT_FILE_MESSAGES.type);

/** What is uploaded: a payment's pay stub (the default) or a shift's receipt (decision 046). */
export interface UploadKind {
  messages: UploadMessages;
  /** The name of a file whose own name is empty once made safe, before its extension. */
  fallbackName: string;
}
const PAY_STUB: UploadKind = { messages: PAYMENT_FILE_MESSAGES, fallbackName: 'pay-stub' };
const tooBig = () =>
  new AppError('too_large', 413, PAYMENT_FILE_MESSAGES.size, { file: PAYMENT_FILE_MESSAGES.size });

/** Refused unread when it declares itself far too big; a chunked body is cut by busboy's fileSize. */
export async function refuseOversizedBody(request: FastifyRequest): Promise<void> {
  const length = Number(request.headers['content-length']);
  if (length > MAX_PAYMENT_FILE_BYTES + MULTIPART_OVERHEAD) throw tooBig();
}

/** By the first bytes, never by the name or the type the browser says: "%PDF-", PNG, JPEG, WebP. */
export function sniffPaymentFile(bytes: Buffer): PaymentFileType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]))) {
    return 'image/png';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

const EXTENSIONS: Record<PaymentFileType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
const MAX_NAME_CHARACTERS = 120;

/**
 * The name as the user's device gave it, safe to show and to send back: no folders, no control
 * or invisible formatting characters (a right-to-left override could disguise "fdp.exe" as
 * "exe.pdf"), one space for any run of spaces, at most 120 characters.
 */
export function paymentFileName(
  given: string | undefined,
  type: PaymentFileType,
  fallbackName = PAY_STUB.fallbackName,
): string {
  const base = (given ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  const short = Array.from(clean).slice(0, MAX_NAME_CHARACTERS).join('').trim();
  return short.replace(/^\.+$/, '') || `${fallbackName}.${EXTENSIONS[type]}`;
}

/** The plugin's errors are for developers: in our words, never a 5xx. */
function uploadError(error: unknown, messages: UploadMessages): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooBig();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return refuse(messages.missing);
  }
  // Malformed multipart (no boundary, cut short): busboy throws plain errors without a status.
  return refuse(messages.unreadable);
}

export interface PaymentFileUpload {
  bytes: Buffer;
  contentType: PaymentFileType;
  fileName: string;
}

/** At most 5 MB held in memory: busboy discards the rest of a file past its limit. */
export async function readPaymentFileUpload(
  request: FastifyRequest,
  { messages, fallbackName }: UploadKind = PAY_STUB,
): Promise<PaymentFileUpload> {
  if (!request.isMultipart()) throw refuse(messages.missing);
  try {
    const part = await request.file({ limits: multipartLimits });
    if (!part || part.fieldname !== FILE_FIELD) throw refuse(messages.missing);
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw refuse(messages.empty);
    const contentType = sniffPaymentFile(bytes);
    if (!contentType) throw refuse(messages.type);
    return {
      bytes,
      contentType,
      fileName: paymentFileName(part.filename, contentType, fallbackName),
    };
  } catch (error) {
    throw uploadError(error, messages);
  }
}

/**
 * A downloaded file is the user's upload, not the app's: it may not run script, load anything or
 * be framed as a page of this origin, and the browser may not guess another type (decision 043).
 */
export const UPLOADED_FILE_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

/** Sends a stored upload back as a download, never inline. */
export function sendUploadedFile(
  reply: FastifyReply,
  file: { bytes: Buffer; contentType: PaymentFileType; fileName: string },
  fallbackName: string,
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName, fallbackName))
    .header('content-length', file.bytes.length)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', UPLOADED_FILE_CSP)
    .send(file.bytes);
}
