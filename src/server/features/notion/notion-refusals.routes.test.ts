import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTION_PROPERTIES } from '../../../shared/schemas/notion.ts';
import { jobs, rateLimitEvents, workLogs } from '../../db/schema/index.ts';
import type { Worker } from '../../jobs/worker.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { createJobHandlers } from '../../ops/job-handlers.ts';
import {
  callApi,
  createTestApp,
  type Session,
  signUp,
  TEST_APP_SECRET,
  type TestContext,
} from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { testWorker, waitFor } from '../../test/jobs.ts';
import { type FakeCapability, startTestNotion, type TestNotion } from '../../test/notion.ts';

/**
 * How the mirror takes Notion's refusals, as Notion documents them: a 429 (or a 503) with a
 * Retry-After is tried again no earlier than that, at most 60 s on; a 403 restricted_resource
 * says which capability the integration lacks.
 */

let notion: TestNotion;
let ctx: TestContext;
let worker: Worker | undefined;

const ALL_PROPERTIES = Object.fromEntries(NOTION_PROPERTIES.map((p) => [p.name, p.type]));

beforeAll(async () => {
  notion = await startTestNotion({ token: [] });
  ctx = await createTestApp({ notionApiUrl: notion.url });
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});
afterAll(() => notion.close());

const noMail: MailTransport = {
  from: 'x <x@hourbook.test>',
  fromDomain: 'hourbook.test',
  send: async () => ({ messageId: '', where: 'nowhere' }),
  close: () => undefined,
};
const startWorker = () => {
  worker = testWorker(
    ctx.database,
    createJobHandlers({
      db: ctx.database.db,
      secret: TEST_APP_SECRET,
      mail: noMail,
      notionApiUrl: notion.url,
    }),
  );
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A token of its own per test: Notion's pace and its holds are the token's. */
function newToken(capabilities?: FakeCapability[]) {
  const token = `secret_${randomBytes(12).toString('hex')}`;
  notion.tokens.add(token);
  if (capabilities) notion.capabilities.set(token, new Set(capabilities));
  return token;
}

const connect = (who: Session, database: string, token: string) =>
  callApi(ctx.app, 'POST', '/api/notion/connect', who, { token, database });

async function connectedUser(token: string) {
  const who = await signUp(ctx.app);
  const { databaseId } = notion.addDatabase({ title: 'Shifts', properties: ALL_PROPERTIES });
  const res = await connect(who, databaseId, token);
  expect(res.statusCode, res.body).toBe(200);
  const employer = await addEmployer(ctx.app, who, { name: 'Riverside Clinic', hourlyRate: '25' });
  return { who, databaseId, employerId: employer.id };
}

const syncState = async (logId: number) => {
  const [row] = await ctx.database.db
    .select({ state: workLogs.notionSyncState, error: workLogs.notionSyncError })
    .from(workLogs)
    .where(eq(workLogs.id, logId));
  return row;
};

const syncJob = async (logId: number) => {
  const [row] = await ctx.database.db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `notion-sync:${logId}`));
  return row;
};

const shift = (employerId: number, date: string) => ({
  employerId,
  date,
  startTime: '09:00',
  endTime: '11:00',
});

describe('a 429 or 503 with a Retry-After', () => {
  it('brings the job back no earlier than Notion said, at most 60 s on, and then mirrors the log once', async () => {
    const cases = [
      { status: 429, code: 'rate_limited', retryAfter: '30', waitMs: 30_000 },
      // More than Notion's 60 s: capped at 60 s, not ignored.
      { status: 429, code: 'rate_limited', retryAfter: '600', waitMs: 60_000 },
      { status: 503, code: 'service_unavailable', retryAfter: '20', waitMs: 20_000 },
    ];
    const users = [];
    for (const c of cases) {
      const token = newToken();
      users.push({ ...c, token, ...(await connectedUser(token)) });
    }
    startWorker();

    const before = notion.calls.length;
    const logIds: number[] = [];
    for (const [n, user] of users.entries()) {
      // One at a time, so each refusal meets the log it is meant for.
      notion.failNext(
        user.status,
        user.code,
        1,
        { 'retry-after': user.retryAfter },
        /^POST \/v1\/pages$/,
      );
      const log = await addWorkLog(ctx.app, user.who, shift(user.employerId, `2026-11-0${n + 1}`));
      logIds.push(log.id);
      // Queued again after its first attempt (not kept waiting in a running job)…
      const job = await waitFor(async () => {
        const row = await syncJob(log.id);
        return row?.status === 'queued' && row.attempts === 1 && row;
      }, 10_000);
      const refused = notion.calls.find((c) => c.token === user.token && c.status === user.status);
      expect(refused, `${user.status} ${user.retryAfter}`).toBeDefined();
      // …for the time Notion gave, capped at 60 s: not the queue's backoff (40 ms here).
      const runAt = job.runAt.getTime();
      expect(runAt, user.retryAfter).toBeGreaterThanOrEqual((refused?.at ?? 0) + user.waitMs - 100);
      expect(runAt, user.retryAfter).toBeLessThan((refused?.at ?? 0) + user.waitMs + 3_000);
      expect(job.lastError).toContain('NotionRetryLater');
      expect(await syncState(log.id)).toMatchObject({
        state: 'pending',
        error: expect.stringMatching(
          user.status === 429
            ? /^Notion asked to wait \(You have been rate limited\..*\); trying again in \d+ s\.$/
            : /^Notion asked to wait \(Notion is unavailable.*\); trying again in \d+ s\.$/,
        ),
      });
    }
    // Nothing more reaches Notion for these logs meanwhile.
    const sent = notion.calls.length;
    await pause(1_000);
    expect(notion.calls.length).toBe(sent);
    expect(sent - before).toBe(2 * cases.length);

    // As if the time had come: the jobs are due and the tokens' holds are over.
    await ctx.database.db
      .delete(rateLimitEvents)
      .where(sql`${rateLimitEvents.bucket} like 'notion-pace:%'`);
    await ctx.database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.status, 'queued'));
    for (const id of logIds) {
      await waitFor(async () => (await syncState(id))?.state === 'synced', 10_000);
      expect(notion.pagesMirroring(id)).toHaveLength(1);
    }
  }, 30_000);

  it('holds the token’s other logs too: none is sent before the Retry-After is over', async () => {
    const token = newToken();
    const { who, employerId } = await connectedUser(token);
    const first = await addWorkLog(ctx.app, who, shift(employerId, '2026-11-11'));
    notion.failNext(429, 'rate_limited', 1, { 'retry-after': '30' }, /^POST \/v1\/pages$/);
    startWorker();
    await waitFor(async () => {
      const row = await syncJob(first.id);
      return row?.status === 'queued' && row.attempts === 1;
    }, 10_000);
    const refusedAt = notion.calls.find((c) => c.token === token && c.status === 429)?.at ?? 0;
    expect(refusedAt).toBeGreaterThan(0);
    const sent = notion.calls.length;

    const second = await addWorkLog(ctx.app, who, shift(employerId, '2026-11-12'));
    const job = await waitFor(async () => {
      const row = await syncJob(second.id);
      return row?.status === 'queued' && row.attempts === 1 && row;
    }, 10_000);
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(refusedAt + 30_000 - 100);
    expect(notion.calls.length).toBe(sent);
  }, 30_000);

  it('answers a connection attempt 503 with Notion’s Retry-After, without waiting it out', async () => {
    const who = await signUp(ctx.app);
    const { databaseId } = notion.addDatabase({ title: 'Busy' });
    const token = newToken();
    notion.failNext(429, 'rate_limited', 1, { 'retry-after': '30' });
    const started = Date.now();
    const res = await connect(who, databaseId, token);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(30);
    expect(res.json().message).toMatch(/^Notion asked to wait \(.*\)\. Try again in (29|30) s\.$/);
    expect((await callApi(ctx.app, 'GET', '/api/notion', who)).json().connected).toBe(false);
  });
});

describe('a 403 restricted_resource', () => {
  it('says which capability to turn on, stops the mirror, and mirrors again once connected anew', async () => {
    const token = newToken(['read_content', 'update_content']);
    const { who, databaseId, employerId } = await connectedUser(token);
    const log = await addWorkLog(ctx.app, who, shift(employerId, '2026-11-13'));
    startWorker();

    await waitFor(async () => (await syncState(log.id))?.state === 'failed', 10_000);
    const reason = (await syncState(log.id))?.error ?? '';
    expect(reason).toContain('lacks the “Insert content” capability');
    expect(reason).toContain('Turn it on in the integration’s settings in Notion');
    expect(reason).not.toContain('no longer accepts the integration token');
    const status = (await callApi(ctx.app, 'GET', '/api/notion', who)).json();
    expect(status).toMatchObject({ connected: true, state: 'missing_insert_content' });
    expect(notion.pagesMirroring(log.id)).toHaveLength(0);

    // The capability turned on in Notion, and connected again: the mirror goes on.
    notion.capabilities.delete(token);
    expect((await connect(who, databaseId, token)).json().state).toBe('ok');
    await waitFor(async () => (await syncState(log.id))?.state === 'synced', 10_000);
    expect(notion.pagesMirroring(log.id)).toHaveLength(1);
  });

  it('refuses to connect without Read content, and to add properties without Update content, naming it', async () => {
    const who = await signUp(ctx.app);
    const { databaseId } = notion.addDatabase({ title: 'Fresh' });
    const cannotRead = await connect(
      who,
      databaseId,
      newToken(['insert_content', 'update_content']),
    );
    expect(cannotRead.statusCode).toBe(400);
    expect(cannotRead.json().errors.token).toContain('lacks the “Read content” capability');
    expect(cannotRead.json().errors.token).not.toContain('did not accept this token');

    const readOnly = newToken(['read_content']);
    expect((await connect(who, databaseId, readOnly)).statusCode).toBe(200);
    const add = await callApi(ctx.app, 'POST', '/api/notion/properties', who);
    expect(add.statusCode).toBe(400);
    expect(add.json().message).toContain('lacks the “Update content” capability');
  });
});
