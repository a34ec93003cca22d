import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_DEPARTMENT } from '../../../shared/names.ts';
import type { Db } from '../../db/open.ts';
import { jobs, workLogs } from '../../db/schema/index.ts';
import { errorSummary } from '../../jobs/backoff.ts';
import {
  defineJob,
  type JobContext,
  type JobDefinition,
  type JobHandler,
  jobType,
  type PayloadsOf,
  PermanentJobError,
} from '../../jobs/types.ts';
import {
  clearPageId,
  findConnection,
  logForPage,
  markFailed,
  markSynced,
  noteRetry,
  setConnectionState,
  storePageId,
} from './notion.repository.ts';
import {
  NOTION_ARCHIVE_JOB,
  NOTION_ATTEMPTS,
  NOTION_RESTORE_JOB,
  NOTION_SYNC_JOB,
  notionToken,
} from './notion.service.ts';
import {
  CAPABILITY_NAMES,
  capabilityAdvice,
  capabilityOfState,
  missingCapabilityState,
  type NotionApi,
  NotionCapabilityMissing,
  NotionRetryLater,
  notionFailure,
  notionMessage,
  type PageProperties,
} from './notion-api.ts';

export interface NotionJobDeps {
  db: Db;
  secret: Buffer;
  api: NotionApi;
}

const syncPayload = z.object({
  userId: z.number().int(),
  workLogId: z.number().int(),
  followUp: z.boolean().optional(),
});
const archivePayload = z.object({ userId: z.number().int(), pageId: z.string().min(1) });
const restorePayload = z.object({
  userId: z.number().int(),
  workLogId: z.number().int(),
  pageId: z.string().min(1),
});

export const notionJobTypes = [
  jobType(NOTION_SYNC_JOB, syncPayload),
  jobType(NOTION_ARCHIVE_JOB, archivePayload),
  jobType(NOTION_RESTORE_JOB, restorePayload),
] as const;

declare module '../../jobs/types.ts' {
  interface JobPayloads extends PayloadsOf<typeof notionJobTypes> {}
}

export function notionJobs(deps: NotionJobDeps): JobDefinition[] {
  const [sync, archive, restore] = notionJobTypes;
  return [
    defineJob({ ...sync, handle: notionSyncHandler(deps) }),
    defineJob({ ...archive, handle: notionArchiveHandler(deps) }),
    defineJob({ ...restore, handle: notionRestoreHandler(deps) }),
  ];
}

/** Saves that keep coming while a run writes: it writes again, a few times at most. */
const MAX_ROUNDS = 5;

type Log = NonNullable<Awaited<ReturnType<typeof logForPage>>>;

const text = (content: string | null) =>
  content
    ? { rich_text: [{ type: 'text', text: { content: content.slice(0, 2000) } }] }
    : { rich_text: [] };

export function pageProperties(log: Log, titleProperty: string): PageProperties {
  return {
    [titleProperty]: {
      title: [{ type: 'text', text: { content: `${log.employer} · ${log.date}`.slice(0, 2000) } }],
    },
    Employer: text(log.employer),
    Date: { date: { start: log.date } },
    Start: text(log.startTime),
    End: text(log.endTime),
    Break: { number: log.breakDuration },
    Hours: { number: Number(log.hours) },
    Earnings: { number: Number(log.earnings) },
    Department: text(log.department ?? DEFAULT_DEPARTMENT),
    Status: { select: { name: log.status } },
    'Hourbook ID': { number: log.id },
  };
}

class SyncStopped extends Error {}

/**
 * Reads the log as it is now (a job never carries the data). Idempotent: the page id is kept
 * as soon as Notion answers, and a run without one first looks for the log's "Hourbook ID".
 */
export function notionSyncHandler(deps: NotionJobDeps): JobHandler<z.output<typeof syncPayload>> {
  return async (payload, context) => {
    const { workLogId, followUp } = payload;
    if (followUp && (await liveJob(deps.db, `notion-sync:${workLogId}`))) {
      throw new Error('the log’s mirror is still running; this follow-up waits its turn');
    }
    // A restored shift's page comes out of the trash first (its restore job then mirrors it).
    if (await liveJob(deps.db, `notion-restore:${workLogId}`)) {
      throw new Error('the log’s page is being restored; this sync waits its turn');
    }
    await syncLog(deps, payload, context);
  };
}

/** The body of a sync run: the restore job runs it too, once the page is out of the trash. */
async function syncLog(
  deps: NotionJobDeps,
  { userId, workLogId }: { userId: number; workLogId: number },
  { attempt, log: jobLog, signal }: JobContext,
): Promise<void> {
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const done = await syncOnce(deps, userId, workLogId, signal);
      if (done) return;
    }
  } catch (error) {
    if (error instanceof SyncStopped) {
      await markFailed(deps.db, workLogId, error.message);
      jobLog.info({ workLogId, reason: error.message }, 'notion sync failed');
      return;
    }
    const limited = error instanceof NotionRetryLater;
    const reason = limited
      ? `Notion asked to wait (${notionMessage(error)}); trying again in ${secondsUntil(error.retryAt)} s.`
      : `Notion could not be reached; trying again. (${errorSummary(error)})`;
    if (attempt >= NOTION_ATTEMPTS) {
      await markFailed(
        deps.db,
        workLogId,
        limited
          ? `Notion kept asking to wait: ${notionMessage(error)} Retry later.`
          : `Notion could not be reached: ${notionMessage(error)}`,
      );
      throw new PermanentJobError(reason);
    }
    await noteRetry(deps.db, workLogId, reason);
    throw error;
  }
}

async function pageInUse(db: Db, userId: number, pageId: string): Promise<boolean> {
  const rows = await db
    .select({ id: workLogs.id })
    .from(workLogs)
    .where(and(eq(workLogs.userId, userId), eq(workLogs.notionPageId, pageId)));
  return rows.length > 0;
}

const secondsUntil = (at: Date) => Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000));

async function liveJob(db: Db, dedupeKey: string): Promise<boolean> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.dedupeKey, dedupeKey), inArray(jobs.status, ['queued', 'running'])));
  return rows.length > 0;
}

/** False when a newer save came meanwhile. */
async function syncOnce(
  deps: NotionJobDeps,
  userId: number,
  workLogId: number,
  signal: AbortSignal,
): Promise<boolean> {
  const connection = await findConnection(deps.db, userId);
  const log = await logForPage(deps.db, userId, workLogId);
  if (!log || !connection) return true;
  const token = notionToken(deps.secret, connection);
  if (!token || connection.state !== 'ok') {
    const capability = capabilityOfState(connection.state);
    throw new SyncStopped(
      capability
        ? capabilityAdvice(capability)
        : 'Notion is not connected: connect it again in Settings.',
    );
  }
  const properties = pageProperties(log, connection.titleProperty);
  // A run that lost its lease (another worker has the job now) writes nothing more.
  signal.throwIfAborted();
  try {
    let pageId = log.pageId ?? (await deps.api.findPage(token, connection.dataSourceId, log.id));
    if (pageId) {
      try {
        signal.throwIfAborted();
        await deps.api.updatePage(token, pageId, properties);
      } catch (error) {
        if (!pageGone(error)) throw error;
        if (log.pageId) await clearPageId(deps.db, log.id, log.pageId);
        pageId = undefined;
      }
    }
    if (!pageId) {
      signal.throwIfAborted();
      const made = await deps.api.createPage(token, connection.dataSourceId, properties);
      const kept = await storePageId(deps.db, log.id, made);
      // The log was deleted meanwhile, or another run kept its own page first: ours goes.
      if (kept !== made) await deps.api.archivePage(token, made).catch(() => undefined);
      if (kept === undefined) return true;
    } else if (pageId !== log.pageId) {
      await storePageId(deps.db, log.id, pageId);
    }
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof NotionCapabilityMissing) {
      // The integration as a whole lacks it: every log would fail alike, so the mirror stops.
      await setConnectionState(deps.db, userId, missingCapabilityState(error.capability));
      throw new SyncStopped(capabilityAdvice(error.capability));
    }
    const failure = notionFailure(error);
    if (failure === 'unauthorized') {
      await setConnectionState(deps.db, userId, 'unauthorized');
      throw new SyncStopped(
        'Notion no longer accepts the integration token: connect it again in Settings.',
      );
    }
    if (failure === 'not_found') {
      await setConnectionState(deps.db, userId, 'not_found');
      throw new SyncStopped('Notion cannot find the database: connect it again in Settings.');
    }
    if (failure === 'invalid') throw new SyncStopped(notionMessage(error));
    throw error;
  }
  return markSynced(deps.db, log.id, log.version);
}

function pageGone(error: unknown): boolean {
  const failure = notionFailure(error);
  return (
    failure === 'not_found' ||
    (failure === 'invalid' && /archived|in the trash/i.test(notionMessage(error)))
  );
}

export function notionArchiveHandler(
  deps: NotionJobDeps,
): JobHandler<z.output<typeof archivePayload>> {
  return async (payload, { log }) => {
    const connection = await findConnection(deps.db, payload.userId);
    const token = connection && notionToken(deps.secret, connection);
    if (!token) return;
    // Undo put its shift back before the archive ran (decision 048): the page stays.
    if (await pageInUse(deps.db, payload.userId, payload.pageId)) return;
    try {
      await deps.api.archivePage(token, payload.pageId);
    } catch (error) {
      const failure = notionFailure(error);
      if (failure === 'outage' || failure === 'rate_limited') throw error;
      // Gone, unreachable, or lacking "Update content": the page stays.
      const capability =
        error instanceof NotionCapabilityMissing ? CAPABILITY_NAMES[error.capability] : undefined;
      log.info({ failure, capability }, 'notion page not archived');
    }
  };
}

/**
 * A restored shift (decision 048): its page is taken out of the trash once no archive of it is
 * still under way, then the shift is mirrored. A page gone for good is forgotten: the sync makes
 * a new one.
 */
export function notionRestoreHandler(
  deps: NotionJobDeps,
): JobHandler<z.output<typeof restorePayload>> {
  return async (payload, context) => {
    const { userId, workLogId, pageId } = payload;
    if (await liveJob(deps.db, `notion-archive:${pageId}`)) {
      throw new Error('the page’s archive is still under way; its restore waits its turn');
    }
    const connection = await findConnection(deps.db, userId);
    const token = connection && notionToken(deps.secret, connection);
    const log = await logForPage(deps.db, userId, workLogId);
    if (!token || !log || log.pageId !== pageId) return;
    try {
      context.signal.throwIfAborted();
      await deps.api.restorePage(token, pageId);
    } catch (error) {
      if (context.signal.aborted) throw error;
      const failure = notionFailure(error);
      if (failure === 'outage' || failure === 'rate_limited') throw error;
      // Gone for good, or not ours to change: the sync below makes a new page.
      if (failure === 'not_found') await clearPageId(deps.db, workLogId, pageId);
    }
    await syncLog(deps, { userId, workLogId }, context);
  };
}
