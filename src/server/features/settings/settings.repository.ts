import { eq } from 'drizzle-orm';
import type { Settings, UpdateThemeBody } from '../../../shared/schemas/settings.ts';
import type { Executor } from '../../db/open.ts';
import { settings } from '../../db/schema/index.ts';

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
  theme: settings.theme,
};

/** The user's settings, created with defaults if the row is somehow missing. */
export async function getSettings(db: Executor, userId: number): Promise<Settings> {
  const [row] = await db.select(columns).from(settings).where(eq(settings.userId, userId));
  if (row) return row;
  const [created] = await db
    .insert(settings)
    .values({ userId })
    .onConflictDoUpdate({ target: settings.userId, set: { userId } })
    .returning(columns);
  return created!;
}

/** Keeps the theme picked in the top bar for the next sign-in. */
export async function updateTheme(
  db: Executor,
  userId: number,
  { theme }: UpdateThemeBody,
): Promise<Settings> {
  await getSettings(db, userId);
  const [row] = await db
    .update(settings)
    .set({ theme })
    .where(eq(settings.userId, userId))
    .returning(columns);
  return row!;
}
