import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { fullName } from '../../../shared/names.ts';
import { GMAIL_NOT_AUTHORIZED, GMAIL_UNCONFIRMED } from '../../../shared/schemas/mail-account.ts';
import { users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { errorSummary } from '../../jobs/backoff.ts';
import { runOnce } from '../../jobs/run-once.ts';
import { type JobHandler, PermanentJobError, RetryLaterError } from '../../jobs/types.ts';
import { unseal } from '../../lib/seal.ts';
import { accessToken, GmailAccessError, type GmailDeps } from '../gmail/gmail.service.ts';
import { findDocument } from '../timesheets/timesheets.repository.ts';
import { GmailApiError, GmailNoAnswerError, sendRawMessage } from './gmail-api.ts';
import {
  failMailSend,
  loadMailSend,
  type MailSendRow,
  markMailSent,
  markUnconfirmed,
  noteSendError,
} from './mail-sends.repository.ts';
import { GMAIL_SEND_ATTEMPTS, SEND_BODY_PURPOSE } from './mail-sends.service.ts';
import { buildMime } from './mime.ts';

export const gmailSendPayload = z.object({ sendId: z.number().int().positive() });

/** In words the person who sent it can act on. */
class SendFailed extends Error {}

/** A daily quota without a time to come back: look again in an hour. */
const DAILY_LIMIT_WAIT_MS = 60 * 60 * 1000;

const LIMIT_WORDS = {
  daily: {
    waiting: "Gmail's daily sending limit was reached; it will be tried again later.",
    failed: "Not sent: Gmail's daily sending limit was reached. Please send it again tomorrow.",
  },
  rate: {
    waiting: 'Gmail asked to slow down (too many messages at once); trying again shortly.',
    failed:
      'Not sent: Gmail kept asking to slow down (too many messages at once). Please try again later.',
  },
} as const;

/** Only a queued send is sent; no answer → 'unconfirmed', never resent by itself (decision 025). */
export function gmailSendHandler(
  deps: GmailDeps & { apiUrl: string | undefined },
): JobHandler<z.output<typeof gmailSendPayload>> {
  return async (payload, context) => {
    const { attempt, log, signal } = context;
    const { sendId } = payload;
    const row = await loadMailSend(deps.db, sendId);
    if (row?.status !== 'queued') return;
    const last = attempt >= GMAIL_SEND_ATTEMPTS;
    try {
      const raw = await message(deps, row);
      // Recorded in job_effects once Gmail took it: a retry after a crash does not send again.
      await runOnce(context, 'send', () => deliver(deps, row, raw, signal));
    } catch (error) {
      if (error instanceof SendFailed) {
        await failMailSend(deps.db, sendId, error.message);
        log.info({ sendId, reason: error.message }, 'gmail send failed');
        return;
      }
      if (error instanceof GmailNoAnswerError) {
        await markUnconfirmed(deps.db, sendId, GMAIL_UNCONFIRMED);
        log.warn({ sendId, reason: error.message }, 'gmail did not confirm a send; not resent');
        return;
      }
      const limit = error instanceof GmailApiError ? error.rateLimit : undefined;
      if (error instanceof GmailApiError && limit) {
        const words = LIMIT_WORDS[limit];
        if (last) {
          await failMailSend(deps.db, sendId, words.failed);
          throw new PermanentJobError(words.failed);
        }
        await noteSendError(deps.db, sendId, words.waiting);
        const wait = error.retryAfterMs ?? (limit === 'daily' ? DAILY_LIMIT_WAIT_MS : undefined);
        if (wait !== undefined) {
          log.info({ sendId, waitMs: wait }, 'gmail asked to wait');
          throw new RetryLaterError(
            `${words.waiting} (${error.message})`,
            new Date(Date.now() + wait),
            {
              cause: error,
            },
          );
        }
        throw error;
      }
      const reason = `Gmail could not be reached; trying again. (${errorSummary(error)})`;
      if (last) {
        await failMailSend(deps.db, sendId, `Gmail could not be reached. ${errorSummary(error)}`);
        throw new PermanentJobError(reason);
      }
      await noteSendError(deps.db, sendId, reason);
      throw error;
    }
    await transaction(deps.db, (tx) => markMailSent(tx, row, deps.now()));
    log.info({ sendId, attempt }, 'gmail send done');
  };
}

async function message(deps: GmailDeps, row: MailSendRow): Promise<Buffer> {
  if (row.expiresAt && row.expiresAt.getTime() <= deps.now().getTime()) {
    throw new SendFailed('Not sent: the temporary password expired before Gmail could be reached.');
  }
  const text = row.bodySealed ? unseal(deps.secret, SEND_BODY_PURPOSE, row.bodySealed) : '';
  // Sealed under an APP_SECRET this server no longer has.
  if (text === undefined) throw new SendFailed('Not sent: the message can no longer be read.');
  let attachment: { filename: string; contentType: string; content: Buffer } | undefined;
  if (row.timesheetId !== null) {
    const document = await findDocument(deps.db, row.userId, row.timesheetId);
    if (!document) throw new SendFailed('Not sent: the timesheet was deleted.');
    attachment = {
      filename: row.attachmentName ?? document.fileName,
      contentType: document.contentType,
      content: document.content,
    };
  } else if (row.attachment && row.attachmentName && row.attachmentType) {
    attachment = {
      filename: row.attachmentName,
      contentType: row.attachmentType,
      content: row.attachment,
    };
  } else if (row.kind === 'timesheet') {
    throw new SendFailed('Not sent: the timesheet was deleted.');
  }
  return buildMime({
    from: await sender(deps, row.userId),
    to: row.toAddress.split(', '),
    subject: row.subject,
    text,
    messageId: row.messageId,
    attachment,
  });
}

async function sender(deps: GmailDeps, userId: number) {
  const [user] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  const { email } = await accessToken(deps, userId).catch(() => ({ email: null }));
  if (!email) return undefined;
  const name = fullName(user ?? {});
  return { name, address: email };
}

async function deliver(
  deps: GmailDeps & { apiUrl: string | undefined },
  row: MailSendRow,
  raw: Buffer,
  signal: AbortSignal,
): Promise<void> {
  if (!deps.apiUrl || !deps.oauth)
    throw new SendFailed('Not sent: Gmail is not set up on this server.');
  for (const force of [false, true]) {
    let token: string;
    try {
      ({ token } = await accessToken(deps, row.userId, { force }));
    } catch (error) {
      if (error instanceof GmailAccessError && error.reason === 'not-authorized') {
        throw new SendFailed(GMAIL_NOT_AUTHORIZED);
      }
      throw error;
    }
    signal.throwIfAborted();
    try {
      await sendRawMessage(deps.apiUrl, token, raw, signal);
      return;
    } catch (error) {
      if (!(error instanceof GmailApiError)) throw error;
      if (error.unauthorized && !force) continue;
      if (error.unauthorized) throw new SendFailed(GMAIL_NOT_AUTHORIZED);
      if (error.retryable) throw error;
      throw new SendFailed(`Gmail refused the message: ${error.message}`);
    }
  }
}
