import { randomBytes } from 'node:crypto';
import { type MailSend, parseRecipients } from '../../../shared/schemas/mail-account.ts';
import type { Db, Executor } from '../../db/open.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { type RateLimiter, takeTokenOr429 } from '../../lib/rate-limiter.ts';
import { seal } from '../../lib/seal.ts';
import { findTokens } from '../gmail/gmail.repository.ts';
import { gmailNotAuthorized, notConfigured } from '../gmail/gmail.service.ts';
import { grantsSend } from '../gmail/gmail-oauth.ts';
import { findDocument } from '../timesheets/timesheets.repository.ts';
import { findMailSend, insertMailSend, requeueUnconfirmed } from './mail-sends.repository.ts';

export const GMAIL_SEND_JOB = 'gmail.send';
/** Sealing purpose of queued bodies (an admin's notice holds a temporary password). */
export const SEND_BODY_PURPOSE = 'gmail-send';
/** With the queue's backoff the last is about 3½ hours after the first. */
export const GMAIL_SEND_ATTEMPTS = 12;

const SENDS_PER_USER = { perMinute: 20, perHour: 200 };

export interface MailSendDeps {
  db: Db;
  secret: Buffer;
  limiter: RateLimiter;
  configured: boolean;
}

export type Attachment =
  | { kind: 'timesheet'; timesheetId: number; name: string | undefined }
  | { kind: 'upload'; name: string; contentType: string; bytes: Buffer }
  | { kind: 'none' };

export interface Draft {
  to: string;
  subject: string;
  body: string;
}

/** With the words of docs/product/screens.md#messages. */
export async function requireConnectedMailbox(deps: MailSendDeps, db: Executor, userId: number) {
  if (!deps.configured) throw notConfigured();
  const tokens = await findTokens(db, userId);
  if (!tokens || tokens.needsReauth || !grantsSend(tokens.scope)) throw gmailNotAuthorized();
}

const recipientList = (to: string) => [...new Set(parseRecipients(to))].join(', ');

/** 202 while the worker sends, or retries through an outage. */
export async function queueSend(
  deps: MailSendDeps,
  userId: number,
  draft: Draft,
  attachment: Attachment,
): Promise<MailSend> {
  await takeTokenOr429(deps.limiter, `gmail-send:user:${userId}`, SENDS_PER_USER, {
    minute: 'Too many emails sent. Please wait a minute and try again.',
    hour: 'Too many emails sent this hour. Please try again later.',
  });
  await requireConnectedMailbox(deps, deps.db, userId);
  let attachmentFields: {
    timesheetId?: number;
    attachmentName?: string;
    attachmentType?: string;
    attachment?: Buffer;
  } = {};
  if (attachment.kind === 'timesheet') {
    // The bytes stay in timesheet_documents; the job reads them when it sends.
    const document = await findDocument(deps.db, userId, attachment.timesheetId);
    if (!document) throw notFound('Timesheet not found');
    attachmentFields = {
      timesheetId: attachment.timesheetId,
      attachmentName: attachmentFileName(attachment.name, document.fileName),
      attachmentType: document.contentType,
    };
  } else if (attachment.kind === 'upload') {
    attachmentFields = {
      attachmentName: attachment.name,
      attachmentType: attachment.contentType,
      attachment: attachment.bytes,
    };
  }
  return transaction(
    deps.db,
    (tx) =>
      insertAndEnqueue(tx, deps.secret, {
        userId,
        kind: attachment.kind === 'none' ? 'message' : attachment.kind,
        toAddress: recipientList(draft.to),
        subject: draft.subject,
        body: draft.body,
        ...attachmentFields,
      }),
    { userId },
  );
}

/** The Message-ID is made here, once, so every attempt carries the same one. */
export async function insertAndEnqueue(
  tx: Executor,
  secret: Buffer,
  send: {
    userId: number;
    kind: string;
    toAddress: string;
    subject: string;
    body: string;
    timesheetId?: number;
    attachmentName?: string;
    attachmentType?: string;
    attachment?: Buffer;
    expiresAt?: Date;
  },
): Promise<MailSend> {
  const { body, ...fields } = send;
  const row = await insertMailSend(tx, {
    ...fields,
    bodySealed: seal(secret, SEND_BODY_PURPOSE, body),
    messageId: `<hourbook-${randomBytes(12).toString('hex')}@hourbook.local>`,
  });
  await enqueueJob(tx, {
    type: GMAIL_SEND_JOB,
    payload: { sendId: row.id },
    dedupeKey: `gmail-send:${row.id}`,
    maxAttempts: GMAIL_SEND_ATTEMPTS,
  });
  return row;
}

/** Its last path segment, without control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return [...base]
    .filter((c) => (c.codePointAt(0) ?? 0) >= 0x20 && c !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
}

export function attachmentFileName(asked: string | undefined, fallback: string): string {
  const extension = fallback.slice(fallback.lastIndexOf('.')).toLowerCase();
  const cleaned = cleanFileName(asked ?? '');
  const stem = cleaned.toLowerCase().endsWith(extension)
    ? cleaned.slice(0, -extension.length)
    : cleaned;
  if (!stem.replace(/\./g, '').trim()) return fallback;
  return `${stem}${extension}`;
}

/** Queued again with the same Message-ID, so a mail program that got both can tell they are one. */
export async function resendUnconfirmed(
  deps: MailSendDeps,
  userId: number,
  id: number,
): Promise<MailSend> {
  const current = await findMailSend(deps.db, userId, id);
  if (!current) throw notFound('Email not found');
  if (current.status !== 'unconfirmed') {
    throw new AppError(
      'conflict',
      409,
      current.status === 'queued'
        ? 'This email is already waiting to be sent.'
        : 'Only an email Gmail did not confirm can be sent again from here.',
    );
  }
  await takeTokenOr429(deps.limiter, `gmail-send:user:${userId}`, SENDS_PER_USER, {
    minute: 'Too many emails sent. Please wait a minute and try again.',
    hour: 'Too many emails sent this hour. Please try again later.',
  });
  await requireConnectedMailbox(deps, deps.db, userId);
  const send = await transaction(
    deps.db,
    async (tx) => {
      const queued = await requeueUnconfirmed(tx, userId, id);
      if (!queued) return undefined;
      await enqueueJob(tx, {
        type: GMAIL_SEND_JOB,
        payload: { sendId: id },
        dedupeKey: `gmail-send:${id}`,
        maxAttempts: GMAIL_SEND_ATTEMPTS,
      });
      return queued;
    },
    { userId },
  );
  if (!send) throw new AppError('conflict', 409, 'This email is already waiting to be sent.');
  return send;
}

export async function getSend(db: Db, userId: number, id: number): Promise<MailSend> {
  const send = await findMailSend(db, userId, id);
  if (!send) throw notFound('Email not found');
  return send;
}

export function uploadType(
  name: string,
  bytes: Buffer,
): 'application/pdf' | 'text/csv' | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.pdf')) {
    return bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : undefined;
  }
  if (lower.endsWith('.csv')) {
    if (bytes.includes(0)) return undefined;
    // Text in UTF-8 (with or without a BOM): decoding must not need a replacement character.
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    return text.includes('\uFFFD') ? undefined : 'text/csv';
  }
  return undefined;
}

export const invalidFileType = () =>
  new AppError('validation_failed', 400, 'Please select a PDF or CSV file.', {
    attachment: 'Please select a PDF or CSV file.',
  });
