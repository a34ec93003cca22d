import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  attachmentMessages,
  sendGmailBodySchema,
} from '../../../shared/schemas/mail-account.ts';
import { AppError } from '../../errors.ts';
import {
  decodeEncodedWords,
  lineBreakInFileName,
  multipartBoundary,
  nameHoldsLineBreak,
  PartNameWatch,
} from './file-name-guard.ts';
import {
  type Attachment,
  attachmentFileName,
  cleanFileName,
  invalidFileType,
  uploadType,
} from './mail-sends.service.ts';

type SendFields = z.output<typeof sendGmailBodySchema>;

export const multipartLimits = {
  // busboy cuts a file longer than this: exactly 10 MB is refused too ("under 10MB").
  fileSize: ATTACHMENT_MAX_BYTES - 1,
  files: 1,
  fields: 6,
  parts: 7,
  fieldSize: 100 * 1024,
  fieldNameSize: 100,
  headerPairs: 20,
};
const MULTIPART_OVERHEAD = 256 * 1024;

const tooBig = () =>
  new AppError('too_large', 413, attachmentMessages.size.description, {
    attachment: attachmentMessages.size.description,
  });

/** Refused before it is read. */
export async function refuseOversizedBody(request: FastifyRequest): Promise<void> {
  const length = Number(request.headers['content-length']);
  if (length > ATTACHMENT_MAX_BYTES + MULTIPART_OVERHEAD) throw tooBig();
}

export function validationError(error: z.ZodError): AppError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    errors[field] ??= issue.message;
  }
  return new AppError(
    'validation_failed',
    400,
    Object.values(errors)[0] ?? 'Invalid request',
    errors,
  );
}

export function parseSendFields(input: unknown): SendFields {
  const parsed = sendGmailBodySchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  // An encoded-word a mail program would decode into a line break is refused.
  const asked = parsed.data.attachmentName?.replace(/[\r\n]/g, '');
  if (asked && nameHoldsLineBreak(asked)) {
    const error = lineBreakInFileName(decodeEncodedWords(asked));
    throw new AppError('validation_failed', 400, error.message, { attachmentName: error.message });
  }
  return parsed.data;
}

export async function readMultipartSend(
  request: FastifyRequest,
): Promise<{ fields: SendFields; attachment: Attachment }> {
  const values: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | undefined;
  const boundary = multipartBoundary(request.headers['content-type']);
  const watch = boundary ? new PartNameWatch(boundary) : undefined;
  const onData = (chunk: Buffer) => watch?.push(chunk);
  const parts = request.parts({ limits: multipartLimits })[Symbol.asyncIterator]();
  let finished = false;
  try {
    // The first next() pipes the body into the parser at once; the watch sees the same chunks.
    let next = parts.next();
    request.raw.on('data', onData);
    for (let step = await next; !step.done; step = await next) {
      const part = step.value;
      if (part.type === 'file') {
        if (part.fieldname !== 'attachment' || file) throw invalidFileType();
        if (nameHoldsLineBreak(part.filename ?? '')) {
          throw lineBreakInFileName(decodeEncodedWords(part.filename ?? ''));
        }
        const bytes = await part.toBuffer();
        file = { name: cleanFileName(part.filename ?? ''), bytes };
      } else if (typeof part.value === 'string') {
        values[part.fieldname] = part.value;
      }
      next = parts.next();
    }
    finished = true;
  } catch (error) {
    throw uploadError(error);
  } finally {
    request.raw.off('data', onData);
    if (!finished) void parts.return?.(undefined).catch(() => {});
  }
  const [broken] = watch?.broken ?? [];
  if (broken !== undefined) throw lineBreakInFileName(broken);
  const { timesheetId: _ignored, ...textFields } = values;
  const fields = parseSendFields(textFields);
  if (!file) return { fields, attachment: { kind: 'none' } };
  if (file.bytes.length === 0 || !file.name) throw invalidFileType();
  const contentType = uploadType(file.name, file.bytes);
  if (!contentType) throw invalidFileType();
  const extension = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
  const own = attachmentFileName(file.name, `attachment${extension}`);
  return {
    fields,
    attachment: {
      kind: 'upload',
      name: attachmentFileName(fields.attachmentName, own),
      contentType,
      bytes: file.bytes,
    },
  };
}

/** The multipart plugin's errors are for developers: in our words, and never a 5xx. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooBig();
  if (code === 'FST_FILES_LIMIT') return invalidFileType();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('validation_failed', 400, 'Too many fields in the form.');
  }
  return new AppError('validation_failed', 400, 'The upload could not be read. Please try again.');
}
