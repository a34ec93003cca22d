import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatDisplayDate } from '../../../shared/domain/format.ts';
import {
  type RestoreWorkLogsResult,
  UNDO_KEEP_SECONDS,
} from '../../../shared/schemas/work-logs.ts';
import type { Db, Executor, Tx } from '../../db/open.ts';
import { recomputePay } from '../../db/pay-results.ts';
import { assertOpen } from '../../db/period-locks.ts';
import { workLogUndoReceipts, workLogUndos } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { defineJob, type JobDefinition, jobType, type PayloadsOf } from '../../jobs/types.ts';
import { queueArchive, queueRestore, queueSync } from '../notion/notion.service.ts';
import { findOverlappingShift, overlapError } from './work-logs.overlaps.ts';

export const FORGET_UNDO_JOB = 'work-logs.forget-undo';

export const workLogUndoJobTypes = [
  jobType(FORGET_UNDO_JOB, z.object({ tokenHash: z.string().min(1) })),
] as const;

declare module '../../jobs/types.ts' {
  interface JobPayloads extends PayloadsOf<typeof workLogUndoJobTypes> {}
}

/** When a snapshot's time is up, it goes (with any other whose time is up). */
export function workLogUndoJobs({ db }: { db: Db }): JobDefinition[] {
  const [forget] = workLogUndoJobTypes;
  return [
    defineJob({
      ...forget,
      handle: async () => {
        await forgetExpiredUndos(db);
      },
    }),
  ];
}

export async function forgetExpiredUndos(db: Executor, userId?: number): Promise<number> {
  const rows = await db
    .delete(workLogUndos)
    .where(
      and(
        lte(workLogUndos.expiresAt, sql`now()`),
        userId === undefined ? undefined : eq(workLogUndos.userId, userId),
      ),
    )
    .returning({ tokenHash: workLogUndos.tokenHash });
  return rows.length;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a deleted shift is needed for after its row went. */
export type DeletedLog = {
  id: number;
  employerId: number;
  date: string;
  notionPageId: string | null;
};

/**
 * Deletes the user's logs among `ids` and keeps each row whole (PostgreSQL's JSON of it, every
 * column) for UNDO_KEEP_SECONDS; answers the rows gone and the token that puts them back.
 */
export async function deleteWithUndo(
  tx: Tx,
  userId: number,
  ids: readonly number[],
): Promise<{ gone: DeletedLog[]; undoToken: string }> {
  await forgetExpiredUndos(tx, userId);
  const undoToken = randomBytes(24).toString('base64url');
  const tokenHash = hashOf(undoToken);
  // One statement: the rows never pass through JavaScript, so every value is kept to the digit.
  const { rows } = await tx.execute<DeletedLog & { expiresAt: number | null }>(sql`
    with gone as (
      delete from work_logs l
       where l.user_id = ${userId} and l.id = any(${sql.param([...ids])}::int[])
      returning l.*
    ), kept as (
      insert into ${workLogUndos} (token_hash, user_id, logs, expires_at)
      select ${tokenHash}, ${userId}, jsonb_agg(to_jsonb(g.*) order by g.id),
             now() + make_interval(secs => ${UNDO_KEEP_SECONDS})
        from gone g
      having count(*) > 0
      returning expires_at
    ), kept_receipts as (
      -- The receipts go with their shifts (a cascade at the statement's end): kept beside them.
      insert into ${workLogUndoReceipts}
             (token_hash, work_log_id, user_id, bytes, content_type, file_name, byte_size, hash,
              created_at)
      select ${tokenHash}, r.work_log_id, r.user_id, r.bytes, r.content_type, r.file_name,
             r.byte_size, r.hash, r.created_at
        from work_log_receipts r
        join gone g on g.id = r.work_log_id and g.user_id = r.user_id
    )
    select g.id, g.employer_id as "employerId", g.date::text as "date",
           g.notion_page_id as "notionPageId", (select (extract(epoch from expires_at) * 1000)::float8 from kept) as "expiresAt"
      from gone g
     order by g.id`);
  const expiresAt = rows[0]?.expiresAt;
  if (expiresAt) {
    await enqueueJob(tx, {
      type: FORGET_UNDO_JOB,
      payload: { tokenHash },
      runAt: new Date(expiresAt + 1_000),
      maxAttempts: 5,
    });
  }
  const gone = rows.map(({ expiresAt: _at, ...log }) => log);
  const pages = gone.flatMap((log) => (log.notionPageId ? [log.notionPageId] : []));
  if (pages.length > 0) await queueArchive(tx, userId, pages);
  // With overtime, the rest of their weeks may be paid differently now: their mirrors too.
  if (gone.length > 0) {
    const changed: number[] = [];
    await recomputePay(tx, userId, { touched: gone }, changed);
    await queueSync(tx, userId, [...new Set(changed)]);
  }
  return { gone, undoToken };
}

const undoGone = () => notFound('Nothing to undo: the deleted shifts can no longer be restored');

interface KeptLog {
  id: number;
  employer_id: number;
  date: string;
  start_time: string;
  end_time: string;
  notion_page_id: string | null;
}

/**
 * Puts the shifts of one delete back, every column as it was (ids, pay, tips, premiums, times
 * of creation and change), in one transaction: all or none. Refused (409) when one would now
 * overlap a shift saved since the delete, lie in a closed pay period, or its employer is gone.
 */
export async function restoreWorkLogs(
  db: Db,
  userId: number,
  token: string,
): Promise<RestoreWorkLogsResult> {
  // Before, not inside: a refusal rolls its transaction back.
  await forgetExpiredUndos(db, userId);
  return transaction(
    db,
    async (tx) => {
      const { rows: found } = await tx.execute<{
        logs: (KeptLog & Record<string, unknown>)[];
        deletedAt: string;
      }>(sql`
        select logs, deleted_at::text as "deletedAt" from ${workLogUndos}
         where token_hash = ${hashOf(token)} and user_id = ${userId} and expires_at > now()
         for update`);
      const kept = found[0];
      if (!kept) throw undoGone();
      const logs = kept.logs;
      const spans = logs.map((log) => ({
        id: log.id,
        employerId: log.employer_id,
        date: log.date,
        startTime: log.start_time.slice(0, 5),
        endTime: log.end_time.slice(0, 5),
      }));
      await assertOpen(tx, userId, spans);
      const employerIds = [...new Set(spans.map((s) => s.employerId))];
      const { rows: employers } = await tx.execute<{ id: number }>(sql`
        select id from employers
         where user_id = ${userId} and id = any(${sql.param(employerIds)}::int[])
         for key share`);
      if (employers.length !== employerIds.length) {
        throw new AppError(
          'conflict',
          409,
          'The employer of these shifts was deleted since: they cannot be restored.',
        );
      }
      for (const span of spans) {
        const other = await findOverlappingShift(tx, userId, span, undefined, kept.deletedAt);
        if (other) {
          const error = await overlapError(tx, userId, await employerName(tx, span), other);
          throw new AppError(
            'work_log_overlap',
            409,
            `${formatDisplayDate(span.date)}: ${error.message} Nothing was restored.`,
          );
        }
      }
      await tx.execute(sql`
        insert into work_logs overriding system value
        select r.* from ${workLogUndos} u, jsonb_populate_recordset(null::work_logs, u.logs) r
         where u.token_hash = ${hashOf(token)}`);
      await tx.execute(sql`
        insert into work_log_receipts
               (work_log_id, user_id, bytes, content_type, file_name, byte_size, hash, created_at)
        select work_log_id, user_id, bytes, content_type, file_name, byte_size, hash, created_at
          from ${workLogUndoReceipts}
         where token_hash = ${hashOf(token)} and user_id = ${userId}`);
      await tx.delete(workLogUndos).where(eq(workLogUndos.tokenHash, hashOf(token)));
      const ids = spans.map((s) => s.id);
      // Notion disconnected since: the shifts come back without a mirror, as every other shift.
      const { rows: connected } = await tx.execute(
        sql`select 1 from notion_connections where user_id = ${userId}`,
      );
      if (connected.length === 0) {
        await tx.execute(sql`
          update work_logs
             set notion_page_id = null, notion_sync_state = null, notion_sync_error = null
           where user_id = ${userId} and id = any(${sql.param(ids)}::int[])`);
        for (const log of logs) log.notion_page_id = null;
      }
      const changed: number[] = [];
      await recomputePay(tx, userId, { touched: spans }, changed);
      // A restored shift's page was archived (or is about to be): taken out of the trash first,
      // then mirrored; the others are mirrored as any save.
      const withPage = logs.filter((log) => log.notion_page_id);
      const paged = new Set(withPage.map((log) => log.id));
      await queueSync(tx, userId, [
        ...new Set([...ids, ...changed].filter((id) => !paged.has(id))),
      ]);
      await queueRestore(
        tx,
        userId,
        withPage.map((log) => ({ workLogId: log.id, pageId: log.notion_page_id! })),
      );
      return { count: ids.length, ids };
    },
    { userId },
  );
}

async function employerName(tx: Executor, span: { employerId: number }): Promise<string> {
  const { rows } = await tx.execute<{ name: string }>(
    sql`select name from employers where id = ${span.employerId}`,
  );
  return rows[0]?.name ?? 'employer';
}
