import type { ResetPasswordBody } from '../../../shared/schemas/auth.ts';
import type { Db } from '../../db/open.ts';
import { lockUser, transaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { clientNetwork } from '../../lib/client-network.ts';
import { type RateLimiter, takeTokenOr429 } from '../../lib/rate-limiter.ts';
import { enqueueMail } from '../../mail/mail-job.ts';
import { TEMPORARY_PASSWORD_TTL_MINUTES, temporaryPasswordMail } from '../../mail/messages.ts';
import { LIMITS } from './auth.service.ts';
import {
  resetPasswordWithTemporary,
  returnTemporaryPasswordTry,
  storeTemporaryPassword,
} from './password-reset.repository.ts';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from './passwords.ts';
import type { SessionCache } from './session-cache.ts';
import {
  hashTemporaryPassword,
  newTemporaryPassword,
  normaliseTemporaryPassword,
  spendTemporaryPasswordTry,
} from './temporary-passwords.ts';
import { findUserByEmail } from './users.repository.ts';

export interface PasswordResetDeps {
  db: Db;
  limiter: RateLimiter;
  now: () => Date;
  secret: Buffer;
  publicUrl?: string | undefined;
  requirePublicUrl?: boolean | undefined;
  cache?: SessionCache | undefined;
}

type TemporaryPasswordBody = { email: string; temporaryPassword: string };

const SAME_AS_TEMPORARY_MESSAGE = 'Choose a password of your own, not the temporary one';

/** One answer for every failure: it tells nothing. */
const invalidTemporaryPassword = () =>
  new AppError('invalid_temporary_password', 400, 'Invalid temporary password');

// docs/product/deviations.md#1-forgot-password-mails-the-temporary-password. The argon2 work is
// done for unknown addresses too, so the time taken does not tell whether the account exists.
export async function forgotPassword(
  deps: PasswordResetDeps,
  email: string,
  context: { ip: string; linkBase?: string | undefined },
): Promise<void> {
  await takeTokenOr429(
    deps.limiter,
    `forgot:ip:${clientNetwork(context.ip)}`,
    LIMITS.forgotPasswordPerIp,
    {
      minute:
        'Too many password reset requests from your network. Please wait a minute and try again.',
      hour: 'Too many password reset requests from your network. Please try again later.',
    },
  );
  // Counted for unknown addresses too, so a 429 tells nothing about the account either.
  await takeTokenOr429(deps.limiter, `forgot:email:${email}`, LIMITS.forgotPasswordPerEmail, {
    minute:
      'Too many password reset requests for this address. Please wait a minute and try again.',
    hour: 'Too many password reset requests for this address. Please try again later.',
  });
  const user = await findUserByEmail(deps.db, email);
  const temporaryPassword = newTemporaryPassword();
  const hash = await hashTemporaryPassword(temporaryPassword);
  if (!user) return;
  const expiresAt = new Date(deps.now().getTime() + TEMPORARY_PASSWORD_TTL_MINUTES * 60_000);
  // The mail is queued with the hash it matches: both commit, or neither does.
  await transaction(deps.db, async (tx) => {
    if (!(await lockUser(tx, user.id))) return;
    await storeTemporaryPassword(tx, user.id, hash, expiresAt);
    const mail = temporaryPasswordMail({
      to: user.email,
      name: user.firstName,
      temporaryPassword,
      baseUrl: context.linkBase,
    });
    await enqueueMail(tx, mail, { enqueue: enqueueJob, secret: deps.secret, expiresAt });
  });
}

/** Spends one try first (the fifth wrong one voids it); the caller gives it back or spends all. */
async function checkTemporaryPassword(
  deps: PasswordResetDeps,
  body: TemporaryPasswordBody,
  context: { ip: string },
): Promise<{ userId: number; hash: string }> {
  const bucket = `temporary-password:ip:${clientNetwork(context.ip)}`;
  await takeTokenOr429(deps.limiter, bucket, LIMITS.temporaryPasswordPerIp, {
    minute: 'Too many attempts from your network. Please wait a minute and try again.',
    hour: 'Too many attempts from your network. Please try again later.',
  });
  const user = await findUserByEmail(deps.db, body.email);
  const hash =
    user && (await spendTemporaryPasswordTry(deps.db, user.id, body.temporaryPassword, deps.now()));
  if (!user || !hash) throw invalidTemporaryPassword();
  return { userId: user.id, hash };
}

export async function acceptTemporaryPassword(
  deps: PasswordResetDeps,
  body: TemporaryPasswordBody,
  context: { ip: string },
): Promise<void> {
  const { userId, hash } = await checkTemporaryPassword(deps, body, context);
  await returnTemporaryPasswordTry(deps.db, userId, hash);
}

/** The temporary password is spent and every session ends. */
export async function resetPassword(
  deps: PasswordResetDeps,
  body: ResetPasswordBody,
  context: { ip: string },
): Promise<void> {
  if (isCommonPassword(body.newPassword)) {
    throw new AppError('validation_failed', 400, COMMON_PASSWORD_MESSAGE, {
      newPassword: COMMON_PASSWORD_MESSAGE,
    });
  }
  // A temporary password was seen by whoever handed it over: it must not live on.
  if (
    normaliseTemporaryPassword(body.newPassword) ===
    normaliseTemporaryPassword(body.temporaryPassword)
  ) {
    throw new AppError('validation_failed', 400, SAME_AS_TEMPORARY_MESSAGE, {
      newPassword: SAME_AS_TEMPORARY_MESSAGE,
    });
  }
  const { userId, hash } = await checkTemporaryPassword(deps, body, context);
  const newHash = await hashPassword(body.newPassword);
  const done = await transaction(
    deps.db,
    (tx) => resetPasswordWithTemporary(tx, userId, hash, newHash),
    { userId, userGone: invalidTemporaryPassword },
  );
  // Another reset with the same temporary password won the race: it is used now.
  if (!done) throw invalidTemporaryPassword();
  // The request is signed out, so the cache's own-writes hook does not see this user.
  deps.cache?.drop(`u:${userId}`);
}
