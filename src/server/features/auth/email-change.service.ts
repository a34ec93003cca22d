import { TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, unauthenticated } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { type RateLimiter, takeTokenOr429 } from '../../lib/rate-limiter.ts';
import { enqueueMail } from '../../mail/mail-job.ts';
import {
  EMAIL_CHANGE_TTL_HOURS,
  emailChangeNoticeMail,
  emailChangeVerificationMail,
} from '../../mail/messages.ts';
import { LIMITS } from './auth.service.ts';
import {
  findEmailChange,
  markEmailChangeVerified,
  replacePendingEmailChange,
  setUserEmail,
} from './email-change.repository.ts';
import type { SessionCache } from './session-cache.ts';
import { findUserByEmail, findUserById, markEmailVerified } from './users.repository.ts';

export interface EmailChangeDeps {
  db: Db;
  limiter: RateLimiter;
  now: () => Date;
  secret: Buffer;
  /** The base of the mailed link (lib/mail-links.ts). */
  publicUrl?: string | undefined;
  requirePublicUrl?: boolean | undefined;
  /** The user's sessions carry the e-mail, so they are dropped. */
  cache?: SessionCache | undefined;
}

const EMAIL_TAKEN_MESSAGE =
  'This email is already registered. Please log into that account and change the email address there first.';
const emailTaken = () => new AppError('email_taken', 409, EMAIL_TAKEN_MESSAGE);
const verificationFailed = (message = 'Verification failed') =>
  new AppError('verification_failed', 400, message);

// docs/product/deviations.md#4-a-new-e-mail-address-counts-once-its-link-is-opened. The old
// address hears of the change, without the link, so a hijack gets noticed.
export async function requestEmailChange(
  deps: EmailChangeDeps,
  userId: number,
  newEmail: string,
  context: { baseUrl: string },
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthenticated();
  if (user.email.toLowerCase() === newEmail.toLowerCase()) {
    const message = 'New email must be different from current email';
    throw new AppError('validation_failed', 400, message, { newEmail: message });
  }
  // Before the lookup: each 409 tells whether an address has an account.
  await takeTokenOr429(deps.limiter, `email-change:user:${userId}`, LIMITS.emailChangesPerUser, {
    minute: 'Too many e-mail changes. Please wait a minute and try again.',
    hour: 'Too many e-mail changes. Please try again later.',
  });
  if (await findUserByEmail(deps.db, newEmail)) throw emailTaken();

  const token = randomToken(32);
  const expiresAt = new Date(deps.now().getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000);
  const name = user.firstName;
  await transaction(
    deps.db,
    async (tx) => {
      await replacePendingEmailChange(tx, {
        userId,
        oldEmail: user.email,
        newEmail,
        tokenHash: sha256Hex(token),
        expiresAt,
      });
      const { baseUrl } = context;
      const queue = { enqueue: enqueueJob, secret: deps.secret };
      await enqueueMail(tx, emailChangeVerificationMail({ to: newEmail, name, baseUrl, token }), {
        ...queue,
        expiresAt,
      });
      await enqueueMail(tx, emailChangeNoticeMail({ to: user.email, name, newEmail }), queue);
    },
    { userId },
  );
}

export type VerifiedEmail = { kind: 'changed' | 'confirmed'; email: string };

/** A confirmation link has the same old and new address: it proves the address. Single use. */
export async function verifyEmailChange(
  deps: EmailChangeDeps,
  userId: number,
  token: string,
): Promise<VerifiedEmail> {
  const change = await findEmailChange(deps.db, sha256Hex(token));
  // Another user's link fails like an unknown one: it tells nothing about that account.
  if (!change || change.userId !== userId) throw verificationFailed();
  if (change.verified) throw await alreadyUsed(deps.db, userId, change);
  if (change.expiresAt.getTime() <= deps.now().getTime()) {
    throw verificationFailed('This verification link has expired');
  }
  const confirming = confirmingLink(change);
  let used: boolean;
  try {
    used = await transaction(
      deps.db,
      async (tx) => {
        if (!(await markEmailChangeVerified(tx, change.id))) return false;
        if (confirming) {
          // The account's address changed since the link was sent: it proves nothing now.
          if (await markEmailVerified(tx, userId, change.newEmail)) return true;
          tx.rollback();
        }
        await setUserEmail(tx, userId, change.newEmail);
        return true;
      },
      { userId },
    );
  } catch (error) {
    if (error instanceof TransactionRollbackError) throw verificationFailed();
    // Someone registered the address after the link was sent.
    if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
    throw error;
  }
  // A parallel request used the link first.
  if (!used) throw verificationFailed();
  deps.cache?.drop(`u:${userId}`);
  return { kind: confirmingLink(change) ? 'confirmed' : 'changed', email: change.newEmail };
}

const confirmingLink = (change: { oldEmail: string; newEmail: string }) =>
  change.oldEmail.toLowerCase() === change.newEmail.toLowerCase();

/** A reload by the owner gets a 409 saying it is done; the change still happens once. */
async function alreadyUsed(
  db: Db,
  userId: number,
  change: { oldEmail: string; newEmail: string },
): Promise<AppError> {
  const user = await findUserById(db, userId);
  if (!user) return unauthenticated();
  if (user.email.toLowerCase() !== change.newEmail.toLowerCase()) {
    return verificationFailed('This verification link was already used');
  }
  const message = confirmingLink(change)
    ? `This link was already used: ${user.email} is confirmed.`
    : `This link was already used: you sign in with ${user.email}.`;
  return new AppError('link_already_used', 409, message);
}
