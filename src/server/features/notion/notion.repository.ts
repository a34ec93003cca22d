import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { NotionSyncState } from '../../../shared/schemas/notion.ts';
import type { Executor } from '../../db/open.ts';
import { notionConnections, workLogs } from '../../db/schema/index.ts';
import { hoursTextSql, moneyTextSql } from '../../db/sql-text.ts';

export type NotionConnectionRow = typeof notionConnections.$inferSelect;

/** The mirror's bookkeeping is not an edit of the log: updated_at stays as the user left it. */
const keepEditTime = { updatedAt: sql`${workLogs.updatedAt}` };

export async function findConnection(
  db: Executor,
  userId: number,
): Promise<NotionConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(notionConnections)
    .where(eq(notionConnections.userId, userId));
  return row;
}

export async function saveConnection(
  db: Executor,
  row: Omit<typeof notionConnections.$inferInsert, 'createdAt' | 'updatedAt'>,
): Promise<void> {
  const { userId, ...rest } = row;
  await db
    .insert(notionConnections)
    .values(row)
    .onConflictDoUpdate({
      target: notionConnections.userId,
      set: { ...rest, state: 'ok', updatedAt: new Date() },
    });
}

export async function setConnectionState(db: Executor, userId: number, state: string) {
  await db
    .update(notionConnections)
    .set({ state, updatedAt: new Date() })
    .where(eq(notionConnections.userId, userId));
}

export async function deleteConnection(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .delete(notionConnections)
    .where(eq(notionConnections.userId, userId))
    .returning({ userId: notionConnections.userId });
  return rows.length > 0;
}

/** A new version each; answers the ids marked. */
export async function markPending(db: Executor, userId: number, logIds: number[] | 'all') {
  const rows = await db
    .update(workLogs)
    .set({
      notionSyncState: 'pending',
      notionSyncError: null,
      notionVersion: sql`${workLogs.notionVersion} + 1`,
      ...keepEditTime,
    })
    .where(
      logIds === 'all'
        ? eq(workLogs.userId, userId)
        : and(eq(workLogs.userId, userId), inArray(workLogs.id, logIds)),
    )
    .returning({ id: workLogs.id });
  return rows.map((r) => r.id);
}

export async function pageIdsOf(
  db: Executor,
  userId: number,
  where: { logId: number } | { employerId: number },
): Promise<string[]> {
  const rows = await db
    .select({ pageId: workLogs.notionPageId })
    .from(workLogs)
    .where(
      and(
        eq(workLogs.userId, userId),
        isNotNull(workLogs.notionPageId),
        'logId' in where ? eq(workLogs.id, where.logId) : eq(workLogs.employerId, where.employerId),
      ),
    );
  return rows.map((r) => r.pageId as string);
}

export async function logIdsOfEmployer(db: Executor, userId: number, employerId: number) {
  const rows = await db
    .select({ id: workLogs.id })
    .from(workLogs)
    .where(and(eq(workLogs.userId, userId), eq(workLogs.employerId, employerId)));
  return rows.map((r) => r.id);
}

/** Hours and earnings as the pay engine stored them with the log (db/pay-results.ts). */
export async function logForPage(db: Executor, userId: number, logId: number) {
  const result = await db.execute<{
    id: number;
    version: number;
    pageId: string | null;
    employer: string;
    date: string;
    startTime: string;
    endTime: string;
    breakDuration: number;
    department: string | null;
    status: string;
    hours: string;
    earnings: string;
  }>(sql`select l.id, l.notion_version as "version", l.notion_page_id as "pageId",
      e.name as "employer", l.date::text as "date", to_char(l.start_time, 'HH24:MI') as "startTime",
      to_char(l.end_time, 'HH24:MI') as "endTime", l.break_duration as "breakDuration",
      l.department, l.status::text as "status",
      ${hoursTextSql(sql`coalesce(l.pay_tenths, 0)`)} as "hours",
      ${moneyTextSql(sql`coalesce(l.pay_cents, 0)`)} as "earnings"
    from work_logs l join employers e on e.id = l.employer_id
    where l.id = ${logId} and l.user_id = ${userId}`);
  return result.rows[0];
}

/** Another run's stored id stays. Answers the id kept, or undefined when the log is gone. */
export async function storePageId(
  db: Executor,
  logId: number,
  pageId: string,
): Promise<string | undefined> {
  const [row] = await db
    .update(workLogs)
    .set({ notionPageId: sql`coalesce(${workLogs.notionPageId}, ${pageId})`, ...keepEditTime })
    .where(eq(workLogs.id, logId))
    .returning({ pageId: workLogs.notionPageId });
  return row?.pageId ?? undefined;
}

/** Page ids belong to one database: connecting another (or none) forgets them. */
export async function forgetPageIds(db: Executor, userId: number) {
  await db
    .update(workLogs)
    .set({ notionPageId: null, ...keepEditTime })
    .where(and(eq(workLogs.userId, userId), isNotNull(workLogs.notionPageId)));
}

export async function clearPageId(db: Executor, logId: number, pageId: string) {
  await db
    .update(workLogs)
    .set({ notionPageId: null, ...keepEditTime })
    .where(and(eq(workLogs.id, logId), eq(workLogs.notionPageId, pageId)));
}

/** False when a newer save came meanwhile (then it runs again). */
export async function markSynced(db: Executor, logId: number, version: number): Promise<boolean> {
  const rows = await db
    .update(workLogs)
    .set({ notionSyncState: 'synced', notionSyncError: null, ...keepEditTime })
    .where(and(eq(workLogs.id, logId), eq(workLogs.notionVersion, version)))
    .returning({ id: workLogs.id });
  return rows.length > 0;
}

export async function markFailed(db: Executor, logId: number, error: string) {
  await db
    .update(workLogs)
    .set({ notionSyncState: 'failed', notionSyncError: error, ...keepEditTime })
    .where(eq(workLogs.id, logId));
}

export async function noteRetry(db: Executor, logId: number, error: string) {
  await db
    .update(workLogs)
    .set({ notionSyncError: error, ...keepEditTime })
    .where(and(eq(workLogs.id, logId), eq(workLogs.notionSyncState, 'pending')));
}

export async function syncCounts(db: Executor, userId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      synced: sql<number>`(count(*) filter (where ${workLogs.notionSyncState} = 'synced'))::int`,
      pending: sql<number>`(count(*) filter (where ${workLogs.notionSyncState} = 'pending'))::int`,
      failed: sql<number>`(count(*) filter (where ${workLogs.notionSyncState} = 'failed'))::int`,
    })
    .from(workLogs)
    .where(eq(workLogs.userId, userId));
  return row ?? { total: 0, synced: 0, pending: 0, failed: 0 };
}

export async function clearSyncStates(db: Executor, userId: number) {
  await db
    .update(workLogs)
    .set({ notionSyncState: null, notionSyncError: null, ...keepEditTime })
    .where(eq(workLogs.userId, userId));
}

export async function logSyncState(db: Executor, userId: number, logId: number) {
  const [row] = await db
    .select({ state: workLogs.notionSyncState, error: workLogs.notionSyncError })
    .from(workLogs)
    .where(and(eq(workLogs.id, logId), eq(workLogs.userId, userId)));
  if (!row) return undefined;
  return {
    state: (row.state ?? 'off') as NotionSyncState,
    error: row.error,
  };
}
