import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTION_PROPERTIES } from '../../shared/schemas/notion.ts';
import { type App, buildApp } from '../app.ts';
import { jobEffects, jobs, workLogs } from '../db/schema/index.ts';
import { loadAppSecret } from '../lib/app-secret.ts';
import { MAIL_SEND_JOB } from '../mail/mail-job.ts';
import { callApi, createTestApp, nextIp, signUp, type TestContext } from '../test/app.ts';
import { addEmployer, addWorkLog } from '../test/factories.ts';
import { type HoldingSmtp, startHoldingSmtp } from '../test/holding-smtp.ts';
import { jobRow, waitFor } from '../test/jobs.ts';
import { startTestNotion, TEST_NOTION_TOKEN, type TestNotion } from '../test/notion.ts';
import { startProxy, type TestProxy } from '../test/proxy.ts';
import { startWorkerProcess } from '../test/worker-process.ts';
import { LEASE_RAN_OUT } from './jobs.repository.ts';

/**
 * `npm run worker` killed with -9 while a job waits on an outside service that took the work
 * but never answered: another worker takes the job over once its lease has run out, and the
 * effect happens once (one accepted mail, one Notion page).
 */

// The worker process derives its key from APP_SECRET; the app that queues the jobs uses the same.
const APP_SECRET = 'worker crash test secret, thirty-two characters or more';
const secret = loadAppSecret(APP_SECRET, '/nonexistent', { info: () => undefined });

let ctx: TestContext;
let app: App;
let smtp: HoldingSmtp;
let notion: TestNotion;
/** Between the workers and the Notion fake: loses the answer to a page creation on demand. */
let notionLink: TestProxy;

beforeAll(async () => {
  ctx = await createTestApp();
  smtp = await startHoldingSmtp();
  notion = await startTestNotion();
  notionLink = await startProxy([notion.url]);
  app = await buildApp({
    database: ctx.database,
    secret,
    version: 'test',
    clientDir: '/nonexistent',
    notionApiUrl: notionLink.url,
  });
  afterAll(async () => {
    await app.close();
    await notionLink.close();
    await notion.close();
    await smtp.close();
  });
});

const startWorker = () =>
  startWorkerProcess({
    DATABASE_URL: ctx.databaseUrl,
    APP_SECRET,
    DATA_DIR: '/nonexistent',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Hourbook <no-reply@hourbook.test>',
    NOTION_API_URL: notionLink.url,
  });

async function forgotPassword(email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    remoteAddress: nextIp(),
    payload: { email },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function mailJobTo(email: string) {
  return waitFor(async () => {
    const [row] = await ctx.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, MAIL_SEND_JOB), sql`${jobs.payload} ->> 'to' = ${email}`));
    return row;
  });
}

/** Two workers, started together; the one holding `jobId` and the other one. */
async function twoWorkers() {
  const workers = await Promise.all([startWorker(), startWorker()]);
  return {
    async split(jobId: number) {
      const { lockedBy } = await jobRow(ctx.database.db, jobId);
      const holder = workers.find((w) => w.id === lockedBy);
      const other = workers.find((w) => w.id !== lockedBy);
      if (!holder || !other) throw new Error(`job ${jobId} is held by neither worker`);
      return { holder, other };
    },
  };
}

/** Each test starts two worker processes: seconds each on a busy machine. */
const CRASH_TEST_TIMEOUT = 60_000;

/** The production lease is a minute: the test ends it now instead of waiting it out. */
const endLease = (jobId: number) =>
  ctx.database.db.update(jobs).set({ leaseUntil: sql`now()` }).where(eq(jobs.id, jobId));

const whenDone = (jobId: number) =>
  waitFor(async () => {
    const row = await jobRow(ctx.database.db, jobId);
    return row.status === 'done' && row;
  }, 10_000);

describe('a job worker killed with -9 in the middle of a job', () => {
  it(
    'delivers a mail whose server held its reply to DATA exactly once, after the lease ran out',
    async () => {
      const ada = await signUp(app);
      const marker = await signUp(app);
      smtp.holdNext(1);
      const workers = await twoWorkers();
      await forgotPassword(ada.email);
      // The whole message reached the server, which never answered: the worker waits on it.
      await waitFor(() => smtp.held.length === 1, 10_000);
      const job = await mailJobTo(ada.email);
      const { holder: first, other: second } = await workers.split(job.id);
      expect(job).toMatchObject({ status: 'running', lockedBy: first.id, attempts: 1 });
      await first.kill('SIGKILL');
      expect(smtp.received).toHaveLength(0);

      // The other worker claims while the dead one's lease runs: it delivers another mail, and
      // leaves the first job alone.
      await forgotPassword(marker.email);
      await waitFor(() => smtp.received.some((m) => m.rcptTo.includes(marker.email)), 10_000);
      expect(await jobRow(ctx.database.db, job.id)).toMatchObject({
        status: 'running',
        lockedBy: first.id,
        attempts: 1,
      });

      await endLease(job.id);
      const done = await whenDone(job.id);
      expect(done).toMatchObject({ lockedBy: second.id, attempts: 2, lastError: LEASE_RAN_OUT });
      const toAda = smtp.received.filter((m) => m.rcptTo.includes(ada.email));
      expect(toAda).toHaveLength(1);
      // The same message as the one held: one Message-ID per job, on every attempt.
      expect(toAda[0]?.mail.messageId).toBe(smtp.held[0]?.mail.messageId);
      expect(toAda[0]?.mail.text).toBe(smtp.held[0]?.mail.text);
      const effects = await ctx.database.db
        .select()
        .from(jobEffects)
        .where(eq(jobEffects.jobId, job.id));
      expect(effects.map((e) => e.effect)).toEqual(['send']);
      await second.kill('SIGTERM');
    },
    CRASH_TEST_TIMEOUT,
  );

  it(
    'keeps one Notion page for a log whose page was made but whose answer never came back',
    async () => {
      const who = await signUp(app);
      const properties = Object.fromEntries(NOTION_PROPERTIES.map((p) => [p.name, p.type]));
      const { databaseId } = notion.addDatabase({ title: 'Shifts', properties });
      const connected = await callApi(app, 'POST', '/api/notion/connect', who, {
        token: TEST_NOTION_TOKEN,
        database: databaseId,
      });
      expect(connected.statusCode, connected.body).toBe(200);
      const employer = await addEmployer(app, who, { name: 'Riverside Clinic', hourlyRate: '25' });
      const shift = { employerId: employer.id, startTime: '09:00', endTime: '17:00' };

      const workers = await twoWorkers();
      notionLink.hold((method, path) => method === 'POST' && path === '/v1/pages');
      const log = await addWorkLog(app, who, { ...shift, date: '2026-11-02' });
      // Notion made the page; the worker never heard so.
      await waitFor(() => notionLink.held.length === 1, 10_000);
      expect(notionLink.held[0]?.status).toBe(200);
      expect(notion.pagesMirroring(log.id)).toHaveLength(1);
      const [job] = await ctx.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `notion-sync:${log.id}`));
      const { holder: first, other: second } = await workers.split(job!.id);
      expect(job).toMatchObject({ status: 'running', lockedBy: first.id, attempts: 1 });
      await first.kill('SIGKILL');
      notionLink.hold(undefined);

      // Another log is mirrored by the other worker while the first job's lease still runs.
      const other = await addWorkLog(app, who, { ...shift, date: '2026-11-03' });
      await waitFor(() => notion.pagesMirroring(other.id).length === 1, 10_000);
      expect(await jobRow(ctx.database.db, job!.id)).toMatchObject({
        status: 'running',
        lockedBy: first.id,
      });

      await endLease(job!.id);
      const done = await whenDone(job!.id);
      expect(done).toMatchObject({ lockedBy: second.id, attempts: 2, lastError: LEASE_RAN_OUT });
      const pages = [...notion.pages.values()].filter(
        (page) =>
          (page.properties['Hourbook ID'] as { number?: number } | undefined)?.number === log.id,
      );
      expect(pages).toHaveLength(1);
      expect(pages[0]?.inTrash).toBe(false);
      const [row] = await ctx.database.db
        .select({ pageId: workLogs.notionPageId, state: workLogs.notionSyncState })
        .from(workLogs)
        .where(eq(workLogs.id, log.id));
      expect(row).toEqual({ pageId: pages[0]?.id, state: 'synced' });
      await second.kill('SIGTERM');
    },
    CRASH_TEST_TIMEOUT,
  );
});
