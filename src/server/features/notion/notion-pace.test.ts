import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTION_PROPERTIES } from '../../../shared/schemas/notion.ts';
import { type App, buildApp } from '../../app.ts';
import { jobs, rateLimitEvents, workLogs } from '../../db/schema/index.ts';
import { loadAppSecret } from '../../lib/app-secret.ts';
import { callApi, createTestApp, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { waitFor } from '../../test/jobs.ts';
import { startTestNotion, type TestNotion } from '../../test/notion.ts';
import { startWorkerProcess } from '../../test/worker-process.ts';
import { PACE_MS } from './notion-api.ts';

/**
 * Notion counts its rate limit per integration token, whichever process calls: two
 * `npm run worker` processes mirroring one user's logs together keep to about 3 calls a second
 * (the pace is kept in PostgreSQL), and every log is still mirrored once.
 */

// The worker processes derive their key from APP_SECRET; the app that queues the jobs the same.
const APP_SECRET = 'notion pace test secret, thirty-two characters or more';
const secret = loadAppSecret(APP_SECRET, '/nonexistent', { info: () => undefined });
const TOKEN = 'secret_paced_notion_token';
const LOGS = 16;

let ctx: TestContext;
let app: App;
let notion: TestNotion;

beforeAll(async () => {
  ctx = await createTestApp();
  notion = await startTestNotion({ token: TOKEN });
  app = await buildApp({
    database: ctx.database,
    secret,
    version: 'test',
    clientDir: '/nonexistent',
    notionApiUrl: notion.url,
  });
  afterAll(async () => {
    await app.close();
    await notion.close();
  });
});

/** The most calls that arrived within any `ms` (a window starting at each call). */
function busiestWindow(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i] ?? 0;
    let count = 0;
    for (let j = i; j < sorted.length && (sorted[j] ?? 0) < start + ms; j++) count++;
    most = Math.max(most, count);
  }
  return most;
}

describe('the pace of Notion calls across processes', () => {
  it('keeps two worker processes mirroring one token’s logs to about 3 calls a second, each log once', async () => {
    const who = await signUp(app);
    const employer = await addEmployer(app, who, { name: 'Riverside Clinic', hourlyRate: '25' });
    const logs = [];
    for (let day = 1; day <= LOGS; day++) {
      logs.push(
        await addWorkLog(app, who, {
          employerId: employer.id,
          date: `2026-10-${String(day).padStart(2, '0')}`,
          startTime: '09:00',
          endTime: '17:00',
        }),
      );
    }
    const env = {
      DATABASE_URL: ctx.databaseUrl,
      APP_SECRET,
      DATA_DIR: '/nonexistent',
      NOTION_API_URL: notion.url,
    };
    const workers = await Promise.all([startWorkerProcess(env), startWorkerProcess(env)]);

    const properties = Object.fromEntries(NOTION_PROPERTIES.map((p) => [p.name, p.type]));
    const { databaseId } = notion.addDatabase({ title: 'Shifts', properties });
    // The first mirror: every log is queued at once, and both workers take part.
    const connected = await callApi(app, 'POST', '/api/notion/connect', who, {
      token: TOKEN,
      database: databaseId,
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const synced = async () =>
      (
        await ctx.database.db
          .select({ id: workLogs.id })
          .from(workLogs)
          .where(eq(workLogs.notionSyncState, 'synced'))
      ).length;
    await waitFor(async () => (await synced()) === LOGS, 60_000);
    await Promise.all(workers.map((w) => w.kill('SIGTERM')));

    // Every log once: a query for its page, then the page.
    expect(logs.map((log) => notion.pagesMirroring(log.id).length)).toEqual(logs.map(() => 1));
    expect(notion.calls.every((c) => c.status === 200)).toBe(true);
    const ranBy = await ctx.database.db
      .selectDistinct({ worker: jobs.lockedBy })
      .from(jobs)
      .where(eq(jobs.type, 'notion.sync'));
    expect(ranBy.map((r) => r.worker).sort()).toEqual(workers.map((w) => w.id).sort());

    const times = notion.calls.filter((c) => c.token === TOKEN).map((c) => c.at);
    // The connection's own reads (database, data source, status) and two calls per log.
    expect(times).toHaveLength(3 + 2 * LOGS);
    // Turns are PACE_MS (350 ms) apart, so 3 fit in a second. A request leaves its process a
    // little after its turn (timers, the event loop on a busy machine): one more is tolerated
    // in a window, which needs 50 ms of such lag; a fifth would need 400 ms. Two processes
    // pacing each on their own send about 6 a second (8 in the busiest second), and fail both.
    const busiest = busiestWindow(times, 1_000);
    const seconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
    const rate = (times.length - 1) / seconds;
    console.info(
      `Notion pace: ${times.length} calls in ${seconds} s (${rate.toFixed(2)}/s), at most ${busiest} in a second`,
    );
    expect(busiest).toBeLessThanOrEqual(4);
    // On average within Notion's 3 a second (the turns alone give 1000 / PACE_MS = 2.86).
    expect(rate).toBeLessThanOrEqual(3);
    expect(PACE_MS).toBeGreaterThanOrEqual(334);

    // The pace's rows name a hash of the token, never the token.
    const buckets = await ctx.database.db
      .selectDistinct({ bucket: rateLimitEvents.bucket })
      .from(rateLimitEvents)
      .where(sql`${rateLimitEvents.bucket} like 'notion-pace:%'`);
    expect(buckets).toHaveLength(1);
    expect(buckets[0]?.bucket).toMatch(/^notion-pace:[0-9a-f]{64}$/);
    expect(buckets[0]?.bucket).not.toContain(TOKEN);
  }, 120_000);
});
