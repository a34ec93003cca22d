import { eq, sql } from 'drizzle-orm';
import type { Timer } from '../../../shared/schemas/timer.ts';
import type { Executor } from '../../db/open.ts';
import { employers, timers } from '../../db/schema/index.ts';

/** The user's running timer as the client shows it, with its employer's name and colour. */
export async function findTimerView(db: Executor, userId: number): Promise<Timer | null> {
  const [row] = await db
    .select({
      employerId: timers.employerId,
      employerName: employers.name,
      brandColor: employers.brandColor,
      department: timers.department,
      startedAt: timers.startedAt,
      pausedAt: timers.pausedAt,
      pausedSeconds: timers.pausedSeconds,
    })
    .from(timers)
    .innerJoin(
      employers,
      sql`${employers.id} = ${timers.employerId} and ${employers.userId} = ${timers.userId}`,
    )
    .where(eq(timers.userId, userId));
  if (!row) return null;
  return {
    ...row,
    startedAt: row.startedAt.toISOString(),
    pausedAt: row.pausedAt?.toISOString() ?? null,
  };
}

/** The running timer's row, locked until the transaction ends. */
export async function lockTimer(db: Executor, userId: number) {
  const [row] = await db.select().from(timers).where(eq(timers.userId, userId)).for('update');
  return row;
}

export async function insertTimer(
  db: Executor,
  values: { userId: number; employerId: number; department: string | null; startedAt: Date },
): Promise<void> {
  await db.insert(timers).values(values);
}

export async function updateTimer(
  db: Executor,
  userId: number,
  values: { pausedAt: Date | null; pausedSeconds: number },
): Promise<void> {
  await db.update(timers).set(values).where(eq(timers.userId, userId));
}

export async function deleteTimer(db: Executor, userId: number): Promise<boolean> {
  const gone = await db
    .delete(timers)
    .where(eq(timers.userId, userId))
    .returning({ id: timers.id });
  return gone.length > 0;
}
