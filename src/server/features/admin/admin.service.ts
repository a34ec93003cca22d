import type { AdminTemporaryPassword, MailSend } from '../../../shared/schemas/mail-account.ts';
import type { Db } from '../../db/open.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { adminTemporaryPasswordMail, TEMPORARY_PASSWORD_TTL_MINUTES } from '../../mail/messages.ts';
import { take } from '../auth/auth.service.ts';
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
  /** Where the mail's sign-in link points (PUBLIC_URL, else the request's origin). */
  publicUrl: string | undefined;
}

/** Each one replaces the user's temporary password: plenty for a person, few for a script. */
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

/**
 * Makes the user a temporary password (DESIGN.md §7, deviations 2 and 7): stored hashed,
 * replacing any earlier one, working once within 30 minutes and 5 tries; shown to the admin
 * this once. The user's own password keeps working until they choose a new one.
 */
export async function issueTemporaryPassword(
  deps: Pick<AdminDeps, 'db' | 'now'>,
  email: string,
): Promise<AdminTemporaryPassword> {
  const user = await userByEmail(deps.db, email);
  const temporaryPassword = newTemporaryPassword();
  const hash = await hashTemporaryPassword(temporaryPassword);
  const expiresAt = new Date(deps.now().getTime() + TEMPORARY_PASSWORD_TTL_MINUTES * 60_000);
  await transaction(deps.db, (tx) => storeTemporaryPassword(tx, user.id, hash, expiresAt), {
    userId: user.id,
    userGone: noSuchUser,
  });
  return { userEmail: user.email, temporaryPassword, expiresAt: expiresAt.toISOString() };
}

export async function generateTemporaryPassword(
  deps: AdminDeps,
  adminId: number,
  email: string,
): Promise<AdminTemporaryPassword> {
  await take(deps.limiter, `admin-temporary:user:${adminId}`, GENERATIONS_PER_ADMIN, {
    minute: 'Too many temporary passwords generated. Please wait a minute and try again.',
    hour: 'Too many temporary passwords generated. Please try again later.',
  });
  return issueTemporaryPassword(deps, email);
}

const notTheLatest = () =>
  new AppError(
    'validation_failed',
    400,
    'This temporary password is not the latest one for this user, or it has expired. Please generate a new one.',
    { temporaryPassword: 'Please generate a new temporary password' },
  );

/**
 * POST /api/admin/send-temp-password-email: mails the user's current temporary password from
 * the admin's own mailbox. Only the latest one generated, still valid, is sent; the notice is
 * not sent after it expires (a Gmail outage longer than that drops it).
 */
export async function sendTemporaryPasswordEmail(
  deps: AdminDeps,
  admin: { id: number; firstName: string | null; lastName: string | null; email: string },
  body: { userEmail: string; temporaryPassword: string },
  origin: string,
): Promise<MailSend> {
  await take(deps.limiter, `admin-temporary-send:user:${admin.id}`, GENERATIONS_PER_ADMIN, {
    minute: 'Too many emails sent. Please wait a minute and try again.',
    hour: 'Too many emails sent this hour. Please try again later.',
  });
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
  const adminName = [admin.firstName, admin.lastName].filter(Boolean).join(' ') || admin.email;
  const mail = adminTemporaryPasswordMail({
    to: user.email,
    name: user.firstName,
    adminName,
    temporaryPassword: displayForm(body.temporaryPassword),
    signInUrl: `${deps.publicUrl ?? origin}/login`,
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
