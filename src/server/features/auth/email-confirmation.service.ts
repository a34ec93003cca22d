import { transaction } from '../../db/transaction.ts';
import { AppError, unauthenticated } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { takeTokenOr429 } from '../../lib/rate-limiter.ts';
import { enqueueMail } from '../../mail/mail-job.ts';
import { EMAIL_CHANGE_TTL_HOURS, emailConfirmationMail } from '../../mail/messages.ts';
import { LIMITS } from './auth.service.ts';
import { replacePendingEmailChange } from './email-change.repository.ts';
import type { EmailChangeDeps } from './email-change.service.ts';
import { findUserById } from './users.repository.ts';

export const ALREADY_CONFIRMED = 'Your e-mail address is already confirmed.';

/** An address listed in ADMIN_EMAILS needs this proof before it gives administrator rights. */
export async function requestEmailConfirmation(
  deps: EmailChangeDeps,
  userId: number,
  baseUrl: string,
): Promise<string> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthenticated();
  if (user.emailVerified) throw new AppError('conflict', 409, ALREADY_CONFIRMED);
  await takeTokenOr429(deps.limiter, `email-confirm:user:${userId}`, LIMITS.emailChangesPerUser, {
    minute: 'Too many confirmation links asked for. Please wait a minute and try again.',
    hour: 'Too many confirmation links asked for. Please try again later.',
  });
  const token = randomToken(32);
  const expiresAt = new Date(deps.now().getTime() + EMAIL_CHANGE_TTL_HOURS * 3_600_000);
  await transaction(
    deps.db,
    async (tx) => {
      await replacePendingEmailChange(tx, {
        userId,
        oldEmail: user.email,
        newEmail: user.email,
        tokenHash: sha256Hex(token),
        expiresAt,
      });
      const mail = emailConfirmationMail({ to: user.email, name: user.firstName, baseUrl, token });
      await enqueueMail(tx, mail, { enqueue: enqueueJob, secret: deps.secret, expiresAt });
    },
    { userId },
  );
  return user.email;
}
