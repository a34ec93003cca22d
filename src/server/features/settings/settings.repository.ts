import { eq } from 'drizzle-orm';
import type { Settings } from '../../../shared/schemas/settings.ts';
import type { Db } from '../../db/open.ts';
import { settings } from '../../db/schema/index.ts';

const columns = {
  id: settings.id,
  userId: settings.userId,
  defaultExportFormat: settings.defaultExportFormat,
  roundTime: settings.roundTime,
  taxCalculation: settings.taxCalculation,
  timeFormat: settings.timeFormat,
  timeZone: settings.timeZone,
  includeSummary: settings.includeSummary,
  theme: settings.theme,
};

/** The user's settings, created with defaults if the row is somehow missing. */
export async function getSettings(db: Db, userId: number): Promise<Settings> {
  const [row] = await db.select(columns).from(settings).where(eq(settings.userId, userId));
  if (row) return row;
  const [created] = await db
    .insert(settings)
    .values({ userId })
    .onConflictDoUpdate({ target: settings.userId, set: { userId } })
    .returning(columns);
  return created!;
}
