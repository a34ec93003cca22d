import { eq } from 'drizzle-orm';
import type { Settings } from '../../../shared/schemas/settings.ts';
import type { Executor } from '../../db/open.ts';
import { isForeignKeyViolation } from '../../db/pg-errors.ts';
import { settings, users } from '../../db/schema/index.ts';
import { unauthenticated } from '../../errors.ts';
import { type SessionUser, sessionUserColumns } from '../auth/users.repository.ts';

const columns = {
  id: settings.id,
  userId: settings.userId,
  defaultExportFormat: settings.defaultExportFormat,
  roundTime: settings.roundTime,
  taxCalculation: settings.taxCalculation,
  timeFormat: settings.timeFormat,
  timeZone: settings.timeZone,
  currency: settings.currency,
  includeSummary: settings.includeSummary,
  csvFormat: settings.csvFormat,
  theme: settings.theme,
  paymentGraceDays: settings.paymentGraceDays,
  remindTimesheetDue: settings.remindTimesheetDue,
  remindPaydayMissed: settings.remindPaydayMissed,
};

export type SettingsChanges = Partial<Omit<Settings, 'id' | 'userId'>>;

/** Only the keys that were sent: an absent field keeps its value. */
function sentOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** The user's settings, created with defaults if the row is somehow missing. */
export async function getSettings(db: Executor, userId: number): Promise<Settings> {
  const [row] = await db.select(columns).from(settings).where(eq(settings.userId, userId));
  if (row) return row;
  try {
    const [created] = await db
      .insert(settings)
      .values({ userId })
      .onConflictDoUpdate({ target: settings.userId, set: { userId } })
      .returning(columns);
    return created!;
  } catch (error) {
    // The user was deleted since the session was read: answer as signed out, not with a 500.
    if (isForeignKeyViolation(error)) throw unauthenticated();
    throw error;
  }
}

export async function updateSettings(
  db: Executor,
  userId: number,
  changes: SettingsChanges,
): Promise<Settings> {
  const values = sentOnly(changes);
  const current = await getSettings(db, userId);
  if (Object.keys(values).length === 0) return current;
  const [row] = await db
    .update(settings)
    .set(values)
    .where(eq(settings.userId, userId))
    .returning(columns);
  return row!;
}

export async function updateUserNames(
  db: Executor,
  userId: number,
  names: { firstName?: string | undefined; lastName?: string | undefined },
): Promise<SessionUser | undefined> {
  const values = sentOnly(names);
  if (Object.keys(values).length === 0) {
    const [row] = await db.select(sessionUserColumns).from(users).where(eq(users.id, userId));
    return row;
  }
  const [row] = await db
    .update(users)
    .set(values)
    .where(eq(users.id, userId))
    .returning(sessionUserColumns);
  return row;
}
