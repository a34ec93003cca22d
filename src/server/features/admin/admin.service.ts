import { displayName } from '../../../shared/names.ts';
import type { AdminTemporaryPassword, MailSend } from '../../../shared/schemas/mail-account.ts';
import type { Db } from '../../db/open.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { takeTokenOr429 } from '../../lib/rate-limiter.ts';
import { enqueueMail } from '../../mail/mail-job.ts';
import {
  adminTemporaryPasswordMail,
  adminTemporaryPasswordNoticeMail,
  TEMPORARY_PASSWORD_TTL_MINUTES,
} from '../../mail/messages.ts';
import { storeTemporaryPassword } from '../auth/password-reset.repository.ts';
import {
  hashTemporaryPassword,
  newTemporaryPassword,
  normaliseTemporaryPassword,
  verifyTemporaryPassword,
} from '../auth/temporary-passwords.ts';
import { findUserByEmail, type UserRow } from '../auth/users.repository.ts';
import {
  insertAndEnqueue,
  type MailSendDeps,
  requireConnectedMailbox,
} from '../mail-sends/mail-sends.service.ts';

export interface AdminDeps extends MailSendDeps {
  now: () => Date;
  publicUrl: string | undefined;
  requirePublicUrl?: boolean | undefined;
}

export interface IssuingAdmin {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

const GENERATIONS_PER_ADMIN = { perMinute: 20, perHour: 200 };

/** As generated, whatever spacing or case it was sent back in: `K7QM-2XPA-9RTW`. */
const displayForm = (typed: string) =>
  normaliseTemporaryPassword(typed).replace(/(.{4})(?=.)/g, '$1-');

const noSuchUser = () => notFound('No user with this email address');

async function userByEmail(db: Db, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw noSuchUser();
  return user;
}

/** docs/product/deviations.md#2-temporary-passwords-are-single-use */
export async function issueTemporaryPassword(
  deps: Pick<AdminDeps, 'db' | 'now'> & { secret?: Buffer },
  email: string,
  issuedBy?: IssuingAdmin,
): Promise<AdminTemporaryPassword> {
  const user = await userByEmail(deps.db, email);
  const temporaryPassword = newTemporaryPassword();
  const hash = await hashTemporaryPassword(temporaryPassword);
  const issuedAt = deps.now();
  const expiresAt = new Date(issuedAt.getTime() + TEMPORARY_PASSWORD_TTL_MINUTES * 60_000);
  await transaction(
    deps.db,
    async (tx) => {
      await storeTemporaryPassword(tx, user.id, hash, expiresAt);
      if (!issuedBy || !deps.secret) return;
      // No password in the notice: a reset the user did not expect gets noticed.
      const notice = adminTemporaryPasswordNoticeMail({
        to: user.email,
        name: user.firstName,
        adminName: displayName(issuedBy),
        adminEmail: issuedBy.email,
        issuedAt,
      });
      await enqueueMail(tx, notice, { enqueue: enqueueJob, secret: deps.secret });
    },
    { userId: user.id, userGone: noSuchUser },
  );
  return { userEmail: user.email, temporaryPassword, expiresAt: expiresAt.toISOString() };
}

/** Needs the admin's Gmail; a server without mail has `npm run admin -- reset-password`. */
export async function generateTemporaryPassword(
  deps: AdminDeps,
  admin: IssuingAdmin,
  email: string,
): Promise<AdminTemporaryPassword> {
  await takeTokenOr429(deps.limiter, `admin-temporary:user:${admin.id}`, GENERATIONS_PER_ADMIN, {
    minute: 'Too many temporary passwords generated. Please wait a minute and try again.',
    hour: 'Too many temporary passwords generated. Please try again later.',
  });
  await requireConnectedMailbox(deps, deps.db, admin.id);
  return issueTemporaryPassword(deps, email, admin);
}

const notTheLatest = () =>
  new AppError(
    'validation_failed',
    400,
    'This temporary password is not the latest one for this user, or it has expired. Please generate a new one.',
    { temporaryPassword: 'Please generate a new temporary password' },
  );

/** Only the latest valid one is sent, and not after it expires. */
export async function sendTemporaryPasswordEmail(
  deps: AdminDeps,
  admin: IssuingAdmin,
  body: { userEmail: string; temporaryPassword: string },
  baseUrl: string,
): Promise<MailSend> {
  await takeTokenOr429(
    deps.limiter,
    `admin-temporary-send:user:${admin.id}`,
    GENERATIONS_PER_ADMIN,
    {
      minute: 'Too many emails sent. Please wait a minute and try again.',
      hour: 'Too many emails sent this hour. Please try again later.',
    },
  );
  await requireConnectedMailbox(deps, deps.db, admin.id);
  const user = await userByEmail(deps.db, body.userEmail);
  const live =
    user.temporaryPasswordHash !== null &&
    user.temporaryPasswordExpiresAt !== null &&
    user.temporaryPasswordExpiresAt.getTime() > deps.now().getTime();
  if (
    !live ||
    !(await verifyTemporaryPassword(user.temporaryPasswordHash as string, body.temporaryPassword))
  ) {
    throw notTheLatest();
  }
  const adminName = displayName(admin);
  const mail = adminTemporaryPasswordMail({
    to: user.email,
    name: user.firstName,
    adminName,
    temporaryPassword: displayForm(body.temporaryPassword),
    signInUrl: `${baseUrl}/login`,
  });
  return transaction(
    deps.db,
    (tx) =>
      insertAndEnqueue(tx, deps.secret, {
        userId: admin.id,
        kind: 'temporary-password',
        toAddress: user.email,
        subject: mail.subject,
        body: mail.text,
        expiresAt: user.temporaryPasswordExpiresAt as Date,
      }),
    { userId: admin.id },
  );
}
