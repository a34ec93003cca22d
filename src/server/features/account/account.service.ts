import { isValidTimeZone, todayIn } from '../../../shared/domain/index.ts';
import type {
  AccountExport,
  ChangePasswordBody,
  DeleteAccountBody,
} from '../../../shared/schemas/account.ts';
import type { Db } from '../../db/open.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, unauthenticated } from '../../errors.ts';
import { type RateLimiter, takeTokenOr429 } from '../../lib/rate-limiter.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '../auth/passwords.ts';
import { replaceUserSessions } from '../auth/sessions.repository.ts';
import { replacePassword } from '../auth/users.repository.ts';
import { listGroups } from '../employers/employer-groups.service.ts';
import { dropConnection } from '../gmail/gmail.service.ts';
import { getSettings } from '../settings/settings.repository.ts';
import { deleteUser, findPasswordHash } from './account.repository.ts';
import {
  exportedClosedPeriods,
  exportedEmployers,
  exportedPayments,
  exportedProfile,
  exportedRunningTimer,
  exportedTimesheets,
  exportedWorkLogs,
} from './account-export.repository.ts';

export const PASSWORD_CHECK_LIMIT = { perMinute: 5, perHour: 50 } as const;

export interface AccountDeps {
  db: Db;
  limiter: RateLimiter;
  now: () => Date;
  /** Whether a Google OAuth client is set up: a deleted account's Gmail grant is revoked. */
  gmailConfigured?: boolean;
}

const wrongPassword = (field: string, message: string) =>
  new AppError('invalid_current_password', 400, message, { [field]: message });

/** Counted first, as sign-in does, so a stolen session cannot guess its way to the password. */
async function checkPassword(
  deps: AccountDeps,
  userId: number,
  password: string,
  onWrong: () => AppError,
): Promise<string> {
  const bucket = `password-check:user:${userId}`;
  await takeTokenOr429(deps.limiter, bucket, PASSWORD_CHECK_LIMIT, {
    minute: 'Too many password attempts. Please wait a minute and try again.',
    hour: 'Too many password attempts. Please try again later.',
  });
  const hash = await findPasswordHash(deps.db, userId);
  if (!hash) throw unauthenticated();
  if (!(await verifyPassword(hash, password))) throw onWrong();
  await deps.limiter.clear(bucket);
  return hash;
}

/** Every other session of the user has ended. */
export async function changePassword(
  deps: AccountDeps,
  userId: number,
  { currentPassword, newPassword }: ChangePasswordBody,
): Promise<string> {
  if (isCommonPassword(newPassword)) {
    throw new AppError('validation_failed', 400, COMMON_PASSWORD_MESSAGE, {
      newPassword: COMMON_PASSWORD_MESSAGE,
    });
  }
  if (newPassword === currentPassword) {
    const message = 'New password must be different from your current password';
    throw new AppError('validation_failed', 400, message, { newPassword: message });
  }
  const wrong = () => wrongPassword('currentPassword', 'Current password is incorrect');
  const checkedHash = await checkPassword(deps, userId, currentPassword, wrong);
  const newHash = await hashPassword(newPassword);
  const token = await transaction(
    deps.db,
    async (tx) => {
      // Another change won the race since the check: this one's "current" password is stale.
      if (!(await replacePassword(tx, userId, newHash, { passwordHash: checkedHash }))) {
        return undefined;
      }
      return replaceUserSessions(tx, userId);
    },
    { userId },
  );
  if (!token) throw wrong();
  return token;
}

export async function deleteAccount(
  deps: AccountDeps,
  userId: number,
  { password }: DeleteAccountBody,
): Promise<void> {
  await checkPassword(deps, userId, password, () =>
    wrongPassword('password', 'Password is incorrect'),
  );
  await transaction(
    deps.db,
    async (tx) => {
      // The Gmail grant is revoked at Google by the same durable job as Disconnect.
      await dropConnection(tx, userId, {
        configured: deps.gmailConfigured ?? false,
        now: deps.now(),
      });
      await deleteUser(tx, userId);
    },
    { userId },
  );
}

/** Everything the user owns, read from one snapshot so the parts agree with each other. */
export async function exportAccount(
  deps: AccountDeps,
  userId: number,
): Promise<{ data: AccountExport; date: string }> {
  const now = deps.now();
  const parts = await transaction(
    deps.db,
    async (tx) => {
      const profile = await exportedProfile(tx, userId);
      if (!profile) return undefined;
      const { id: _id, userId: _userId, ...settings } = await getSettings(tx, userId);
      return {
        profile,
        settings,
        employers: await exportedEmployers(tx, userId),
        employerGroups: (await listGroups(tx, userId)).groups,
        payments: await exportedPayments(tx, userId),
        closedPeriods: await exportedClosedPeriods(tx, userId),
        workLogs: await exportedWorkLogs(tx, userId),
        timesheets: await exportedTimesheets(tx, userId),
        runningTimer: await exportedRunningTimer(tx, userId),
      };
    },
    { isolationLevel: 'repeatable read' },
  );
  if (!parts) throw unauthenticated();
  const zone = isValidTimeZone(parts.settings.timeZone) ? parts.settings.timeZone : 'UTC';
  return { data: { exportedAt: now.toISOString(), ...parts }, date: todayIn(zone, now) };
}
