import { LRUCache } from 'lru-cache';
import type { NotionStatus, NotionSync } from '../../../shared/schemas/notion.ts';
import type { Db, Executor } from '../../db/open.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { enqueueJob, enqueueJobs } from '../../jobs/queue.ts';
import { type RateLimiter, takeTokenOr429 } from '../../lib/rate-limiter.ts';
import { seal, unseal } from '../../lib/seal.ts';
import {
  clearSyncStates,
  deleteConnection,
  findConnection,
  forgetPageIds,
  logSyncState,
  markPending,
  type NotionConnectionRow,
  saveConnection,
  syncCounts,
} from './notion.repository.ts';
import {
  CAPABILITY_NAMES,
  missingProperties,
  type NotionApi,
  NotionCapabilityMissing,
  NotionRetryLater,
  notionFailure,
  notionMessage,
} from './notion-api.ts';

export const NOTION_SYNC_JOB = 'notion.sync';
export const NOTION_ARCHIVE_JOB = 'notion.archive';
export const NOTION_RESTORE_JOB = 'notion.restore';
export const TOKEN_PURPOSE = 'notion-token';
/** Tries of one sync: with the queue's backoff, about 3½ hours through an outage. */
export const NOTION_ATTEMPTS = 12;

export interface NotionDeps {
  db: Db;
  secret: Buffer;
  api: NotionApi;
  limiter: RateLimiter;
}

const CONNECTS_PER_USER = { perMinute: 10, perHour: 60 };

/** Cached a minute: the status is polled every 2 s in a first mirror and must not spend calls. */
const SCHEMA_CHECK_MS = 60_000;
const schemaChecks = new LRUCache<
  number,
  { dataSourceId: string; missing: NotionStatus['missingProperties'] }
>({ max: 10_000, ttl: SCHEMA_CHECK_MS });
const forgetSchema = (userId: number) => schemaChecks.delete(userId);

export const notionToken = (secret: Buffer, row: NotionConnectionRow) =>
  unseal(secret, TOKEN_PURPOSE, row.tokenSealed);

function connectRefusal(error: unknown): AppError {
  if (error instanceof NotionCapabilityMissing) {
    const message = `Your Notion integration lacks the “${CAPABILITY_NAMES[error.capability]}” capability. Turn it on in the integration’s settings in Notion (Capabilities), then try again.`;
    return new AppError('validation_failed', 400, message, { token: message });
  }
  if (error instanceof NotionRetryLater) {
    const seconds = Math.max(1, Math.ceil((error.retryAt.getTime() - Date.now()) / 1000));
    return new AppError(
      'server_busy',
      503,
      `Notion asked to wait (${notionMessage(error)}). Try again in ${seconds} s.`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  }
  const failure = notionFailure(error);
  if (failure === 'unauthorized') {
    return new AppError('validation_failed', 400, 'Notion did not accept this token.', {
      token: 'Notion did not accept this token. Copy it again from your integration’s page.',
    });
  }
  if (failure === 'invalid' || (error instanceof Error && /no data source/.test(error.message))) {
    const message = `Notion refused this database: ${notionMessage(error)}`;
    return new AppError('validation_failed', 400, message, { database: message });
  }
  if (failure === 'not_found') {
    const message =
      'Notion cannot find this database. Share it with your integration (••• → Connections) and check the link.';
    return new AppError('not_found', 404, message, { database: message });
  }
  return new AppError(
    'server_busy',
    503,
    `Notion could not be reached: ${notionMessage(error)}`,
    undefined,
    {
      'retry-after': '30',
    },
  );
}

export async function notionStatus(deps: NotionDeps, userId: number): Promise<NotionStatus> {
  const row = await findConnection(deps.db, userId);
  const counts = await syncCounts(deps.db, userId);
  if (!row) {
    return {
      connected: false,
      state: null,
      databaseId: null,
      databaseTitle: null,
      missingProperties: [],
      ...counts,
    };
  }
  let missing: NotionStatus['missingProperties'] = [];
  const token = notionToken(deps.secret, row);
  if (token && row.state === 'ok') {
    const cached = schemaChecks.get(userId);
    if (cached && cached.dataSourceId === row.dataSourceId) {
      missing = cached.missing;
    } else {
      try {
        missing = missingProperties(await deps.api.dataSource(token, row.dataSourceId));
        schemaChecks.set(userId, { dataSourceId: row.dataSourceId, missing });
      } catch {
        // Notion unreachable right now: the connection is shown as it was stored.
      }
    }
  }
  return {
    connected: true,
    state: row.state as NonNullable<NotionStatus['state']>,
    databaseId: row.databaseId,
    databaseTitle: row.databaseTitle,
    missingProperties: missing,
    ...counts,
  };
}

/** The token is stored sealed; a database with every property mirrors the existing logs. */
export async function connectNotion(
  deps: NotionDeps,
  userId: number,
  body: { token: string; database: string },
): Promise<NotionStatus> {
  await takeTokenOr429(deps.limiter, `notion-connect:user:${userId}`, CONNECTS_PER_USER, {
    minute: 'Too many connection attempts. Please wait a minute and try again.',
    hour: 'Too many connection attempts. Please try again later.',
  });
  let found: { title: string; dataSourceId: string };
  let schema: Awaited<ReturnType<NotionApi['dataSource']>>;
  try {
    found = await deps.api.database(body.token, body.database);
    schema = await deps.api.dataSource(body.token, found.dataSourceId);
  } catch (error) {
    throw connectRefusal(error);
  }
  const ready = missingProperties(schema).length === 0;
  forgetSchema(userId);
  await transaction(
    deps.db,
    async (tx) => {
      const before = await findConnection(tx, userId);
      // The page ids point into the old database: another one starts afresh.
      if (before && before.dataSourceId !== found.dataSourceId) await forgetPageIds(tx, userId);
      await saveConnection(tx, {
        userId,
        tokenSealed: seal(deps.secret, TOKEN_PURPOSE, body.token),
        databaseId: body.database,
        dataSourceId: found.dataSourceId,
        databaseTitle: found.title || schema.title || null,
        titleProperty: schema.titleProperty,
      });
      if (ready) await queueSync(tx, userId, 'all');
    },
    { userId },
  );
  return notionStatus(deps, userId);
}

export async function addMissingProperties(
  deps: NotionDeps,
  userId: number,
): Promise<NotionStatus> {
  const row = await findConnection(deps.db, userId);
  const token = row && notionToken(deps.secret, row);
  if (!row || !token) throw new AppError('not_found', 404, 'Notion is not connected');
  try {
    const missing = missingProperties(await deps.api.dataSource(token, row.dataSourceId));
    const conflicting = missing.filter((p) => p.conflicting);
    if (conflicting.length > 0) {
      const names = conflicting.map((p) => `${p.name} (should be ${p.type})`).join(', ');
      throw new AppError(
        'conflict',
        409,
        `These properties exist with another type; rename or change them in Notion: ${names}`,
      );
    }
    if (missing.length > 0) await deps.api.addProperties(token, row.dataSourceId, missing);
    forgetSchema(userId);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw connectRefusal(error);
  }
  await transaction(deps.db, (tx) => queueSync(tx, userId, 'all'), { userId });
  return notionStatus(deps, userId);
}

/** The pages stay in Notion. */
export async function disconnectNotion(deps: NotionDeps, userId: number): Promise<void> {
  await transaction(
    deps.db,
    async (tx) => {
      await deleteConnection(tx, userId);
      await clearSyncStates(tx, userId);
      await forgetPageIds(tx, userId);
    },
    { userId },
  );
  forgetSchema(userId);
}

/** In the save's transaction: a save never waits on Notion. */
export async function queueSync(
  tx: Executor,
  userId: number,
  which: number[] | 'all' | (() => Promise<number[]>),
) {
  const row = await findConnection(tx, userId);
  if (row?.state !== 'ok') return;
  if (which === 'all') {
    await queueAll(tx, userId);
    return;
  }
  const logIds = typeof which === 'function' ? await which() : which;
  if (logIds.length === 0) return;
  await enqueueSyncJobs(tx, userId, await markPending(tx, userId, logIds));
}

/** Two statements and one wake-up, however many logs; other jobs go first (jobs.repository). */
async function queueAll(tx: Executor, userId: number) {
  const ids = await markPending(tx, userId, 'all');
  await enqueueJobs(
    tx,
    NOTION_SYNC_JOB,
    ids.map((workLogId) => ({
      payload: { userId, workLogId },
      dedupeKey: `notion-sync:${workLogId}`,
      maxAttempts: NOTION_ATTEMPTS,
    })),
  );
}

async function enqueueSyncJobs(tx: Executor, userId: number, ids: number[]) {
  for (const id of ids) {
    const job = {
      type: NOTION_SYNC_JOB,
      payload: { userId, workLogId: id },
      maxAttempts: NOTION_ATTEMPTS,
    };
    // One live job per log; a save while it runs gets a follow-up that waits its turn.
    const queued = await enqueueJob(tx, { ...job, dedupeKey: `notion-sync:${id}` });
    if (queued === undefined) {
      await enqueueJob(tx, {
        ...job,
        payload: { ...job.payload, followUp: true },
        dedupeKey: `notion-sync-again:${id}`,
        runAt: new Date(Date.now() + 2_000),
      });
    }
  }
}

/** In the delete's transaction, before the rows go: their pages are archived afterwards. */
export async function queueArchive(tx: Executor, userId: number, pageIds: string[]) {
  if (pageIds.length === 0) return;
  const row = await findConnection(tx, userId);
  if (!row) return;
  for (const pageId of pageIds) {
    await enqueueJob(tx, {
      type: NOTION_ARCHIVE_JOB,
      payload: { userId, pageId },
      dedupeKey: `notion-archive:${pageId}`,
      maxAttempts: NOTION_ATTEMPTS,
    });
  }
}

/**
 * In the restore's transaction (decision 048): each restored shift's page comes out of the trash,
 * then the shift is mirrored as after a save. Marked pending now, so the list says so.
 */
export async function queueRestore(
  tx: Executor,
  userId: number,
  restored: { workLogId: number; pageId: string }[],
) {
  if (restored.length === 0) return;
  const row = await findConnection(tx, userId);
  if (row?.state !== 'ok') return;
  await markPending(
    tx,
    userId,
    restored.map((r) => r.workLogId),
  );
  for (const { workLogId, pageId } of restored) {
    await enqueueJob(tx, {
      type: NOTION_RESTORE_JOB,
      payload: { userId, workLogId, pageId },
      dedupeKey: `notion-restore:${workLogId}`,
      maxAttempts: NOTION_ATTEMPTS,
    });
  }
}

export async function retrySync(deps: NotionDeps, userId: number, logId: number) {
  return transaction(
    deps.db,
    async (tx) => {
      const row = await findConnection(tx, userId);
      if (row?.state !== 'ok') {
        throw new AppError(
          'conflict',
          409,
          'Notion is not connected. Connect it in Settings → Integrations first.',
        );
      }
      const marked = await markPending(tx, userId, [logId]);
      if (marked.length === 0) throw new AppError('not_found', 404, 'Work log not found');
      await enqueueSyncJobs(tx, userId, marked);
      return { state: 'pending' as const, error: null };
    },
    { userId },
  );
}

export async function syncOf(deps: NotionDeps, userId: number, logId: number): Promise<NotionSync> {
  const state = await logSyncState(deps.db, userId, logId);
  if (!state) throw new AppError('not_found', 404, 'Work log not found');
  return state;
}
