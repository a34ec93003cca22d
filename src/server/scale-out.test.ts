import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTION_PROPERTIES } from '../shared/schemas/notion.ts';
import { jobEffects, jobs, mailSends, workLogs } from './db/schema/index.ts';
import { LIMITS } from './features/auth/auth.service.ts';
import { createUser, setAdmin } from './features/auth/users.repository.ts';
import type { Worker } from './jobs/worker.ts';
import { MAIL_SEND_JOB } from './mail/mail-job.ts';
import { createMailTransport, type MailTransport } from './mail/transport.ts';
import { createJobHandlers } from './ops/job-handlers.ts';
import { callApi, nextIp, type Session, signUp, TEST_APP_SECRET } from './test/app.ts';
import { addEmployer, addWorkLog } from './test/factories.ts';
import {
  connectGmail,
  startTestGmailApi,
  startTestOAuth,
  type TestGmailApi,
  type TestOAuth,
  testGmailConfig,
} from './test/gmail.ts';
import { type Answer, type Cluster, call, startCluster } from './test/instances.ts';
import { quietLog, testWorker, waitFor } from './test/jobs.ts';
import { temporaryPasswordIn } from './test/mail.ts';
import { startTestNotion, type TestNotion } from './test/notion.ts';
import { freePort, startTestSmtp, type TestSmtp } from './test/smtp.ts';

/**
 * Two server instances on one PostgreSQL database behind a round-robin proxy, each with its
 * session cache and its job worker, as they run scaled out (docs/product/data.md#state-lives-in-postgresql): nothing a user sees
 * depends on which instance answers, and every job runs once.
 */

let cluster: Cluster;
let smtpPort: number;
let smtp: TestSmtp;
let oauth: TestOAuth;
let gmailApi: TestGmailApi;
let notion: TestNotion;
const workers: Worker[] = [];
const transports: MailTransport[] = [];

beforeAll(async () => {
  smtpPort = await freePort();
  smtp = await startTestSmtp({ port: smtpPort });
  oauth = await startTestOAuth();
  gmailApi = await startTestGmailApi();
  notion = await startTestNotion();
  const gmail = testGmailConfig(oauth, gmailApi);
  cluster = await startCluster(2, { gmail, notionApiUrl: notion.url });
  // Each instance runs its own worker on its own pool, as `npm start` does.
  cluster.instances.forEach((instance, n) => {
    const mail = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      mailFrom: 'Hourbook <no-reply@hourbook.test>',
      dataDir: '/nonexistent',
      log: quietLog,
    });
    transports.push(mail);
    const handlers = createJobHandlers({
      db: instance.database.db,
      secret: TEST_APP_SECRET,
      mail,
      gmail,
      notionApiUrl: notion.url,
    });
    // A lease long enough that no job is taken over here: this file is about sharing the work.
    workers.push(
      testWorker(instance.database, handlers, { workerId: `instance-${n}`, leaseMs: 10_000 }),
    );
  });
  // Registered after the cluster's own clean-up, so it runs first: workers stop before the pools.
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    for (const mail of transports) mail.close();
    await Promise.all([smtp.close(), oauth.close(), gmailApi.close(), notion.close()]);
  });
});

const PASSWORD = 'correct horse battery staple';
/** The first instance's app and pool: for setting up, and for reading what happened. */
const firstApp = () => cluster.instances[0]!.app;
const db = () => cluster.instances[0]!.database.db;
const via = (
  method: Parameters<typeof call>[1],
  path: string,
  options?: Parameters<typeof call>[3],
) => call(cluster.proxy.url, method, path, options);
const me = (cookie: string) => via('GET', '/api/auth/me', { cookie });

async function register(): Promise<{ email: string; cookie: string; answer: Answer }> {
  const email = `scale-${randomBytes(4).toString('hex')}@example.com`;
  const answer = await via('POST', '/api/auth/register', {
    ip: nextIp(),
    body: { email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { email, cookie: answer.sessionCookie ?? '', answer };
}

const sessionReads = () => cluster.instances.reduce((sum, i) => sum + i.sessionReads(), 0);
/** A call to instance `n` itself, past the proxy. */
const onInstance = (n: number, path: string, cookie: string) =>
  call(cluster.instances[n]!.url, 'GET', path, { cookie });

/**
 * Asks for `cookie`'s user on both instances until both answer from their session cache (no
 * session read reaches the database), so what follows is about the cache being kept right, not
 * about a database read. The cache works once each instance's LISTEN connection is up.
 */
async function cachedOnBoth(...cookies: string[]) {
  await waitFor(async () => {
    for (const cookie of cookies) for (let n = 0; n < 2; n++) await me(cookie);
    const before = sessionReads();
    for (const cookie of cookies) {
      const answers = [await me(cookie), await me(cookie)];
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(new Set(answers.map((a) => a.servedBy))).toEqual(new Set([0, 1]));
    }
    return sessionReads() === before;
  });
}

/**
 * `check` holds on both instances, asked past the proxy: first on `changedOn` (the instance that
 * made the change, when one did), then on the other. The instance that made a change drops its
 * own cache entries before it answers, so it holds there at once. The other instance hears of
 * the change through NOTIFY a few milliseconds after the commit, and may answer its first
 * request in that window from its cache (docs/decisions/006-session-cache.md: a known gap);
 * it must hold there well inside the cache's 5 s, so that it is the notification that ended
 * the entry, not its age, and from then on on every request.
 */
async function holdsOnBoth(
  path: string,
  cookie: string,
  check: (answer: Answer) => boolean,
  changedOn?: number,
) {
  if (changedOn !== undefined) expect(check(await onInstance(changedOn, path, cookie))).toBe(true);
  const other = changedOn === undefined ? [0, 1] : [1 - changedOn];
  for (const n of other) await waitFor(async () => check(await onInstance(n, path, cookie)), 2_000);
  const after = [await via('GET', path, { cookie }), await via('GET', path, { cookie })];
  expect(new Set(after.map((a) => a.servedBy))).toEqual(new Set([0, 1]));
  expect(after.every(check)).toBe(true);
}
const signedOut = (answer: Answer) => answer.status === 401;
/**
 * Signed out everywhere: a write is refused at once by the other instance too (writes never use
 * the session cache), and reads follow within the notification's milliseconds.
 */
async function signedOutOnBoth(cookie: string, changedOn: number) {
  const write = await call(cluster.instances[1 - changedOn]!.url, 'PATCH', '/api/settings/theme', {
    cookie,
    body: { theme: 'dark' },
  });
  expect(write.status).toBe(401);
  await holdsOnBoth('/api/auth/me', cookie, signedOut, changedOn);
}

describe('sessions across two instances', () => {
  it('a session made on one instance is honoured on the other', async () => {
    const { email, cookie, answer } = await register();
    const next = await me(cookie);
    expect(next.servedBy).not.toBe(answer.servedBy);
    expect(next.status).toBe(200);
    expect(next.body.user.email).toBe(email);
  });

  it('a logout on one instance ends the session cached on both', async () => {
    const { cookie } = await register();
    await cachedOnBoth(cookie);
    const logout = await via('POST', '/api/auth/logout', { cookie });
    expect(logout.status).toBe(200);
    await signedOutOnBoth(cookie, logout.servedBy);
  });

  it('a password change ends the other browser’s session on both instances, and keeps its own', async () => {
    const { email, cookie: changer } = await register();
    const login = await via('POST', '/api/auth/login', {
      ip: nextIp(),
      body: { email, password: PASSWORD },
    });
    const otherBrowser = login.sessionCookie ?? '';
    await cachedOnBoth(changer, otherBrowser);
    const change = await via('POST', '/api/auth/change-password', {
      cookie: changer,
      body: { currentPassword: PASSWORD, newPassword: 'a brand new passphrase 42' },
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    await signedOutOnBoth(otherBrowser, change.servedBy);
    await signedOutOnBoth(changer, change.servedBy);
    const renewed = change.sessionCookie ?? '';
    expect([(await me(renewed)).status, (await me(renewed)).status]).toEqual([200, 200]);
  });

  it('a password reset with a mailed temporary password ends every session on both instances', async () => {
    const { email, cookie } = await register();
    const forgot = await via('POST', '/api/auth/forgot-password', {
      ip: nextIp(),
      body: { email },
    });
    expect(forgot.status).toBe(200);
    const mail = await waitFor(() => smtp.received.find((m) => m.rcptTo.includes(email)));
    const temporaryPassword = temporaryPasswordIn({
      to: email,
      subject: mail.mail.subject ?? '',
      text: mail.mail.text ?? '',
      html: '',
    });
    await cachedOnBoth(cookie);
    const reset = await via('POST', '/api/auth/reset-password', {
      ip: nextIp(),
      body: { email, temporaryPassword, newPassword: 'another fresh passphrase 7' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    await signedOutOnBoth(cookie, reset.servedBy);
  });

  it('administrator rights taken away outside the app (npm run admin -- revoke) end on both instances', async () => {
    const { email, cookie } = await register();
    const path = '/api/auth/admin-status';
    await setAdmin(db(), email, true);
    await holdsOnBoth(path, cookie, (a) => a.body.isAdmin === true);
    await cachedOnBoth(cookie);
    // What the CLI runs, outside any request: neither instance drops its cache entries itself,
    // both hear of it only through NOTIFY.
    await setAdmin(db(), email, false);
    await holdsOnBoth(path, cookie, (a) => a.body.isAdmin === false);
  });
});

describe('rate limits across two instances', () => {
  /** Wrong passwords for `email` at `base` from one address until refused; the statuses. */
  async function guessUntilRefused(base: string, email: string) {
    const ip = nextIp();
    const answers: Answer[] = [];
    while (answers.length < 20 && answers.at(-1)?.status !== 429) {
      answers.push(
        await call(base, 'POST', '/api/auth/login', {
          ip,
          body: { email, password: 'not the password at all' },
        }),
      );
    }
    return answers;
  }

  it('counts failed sign-ins on both instances together: refused at the same count as on one', async () => {
    const limit = LIMITS.loginFailures.perMinute;
    const expected = [...Array(limit).fill(401), 429];
    const single = await signUp(firstApp());
    const onOne = await guessUntilRefused(cluster.instances[0]!.url, single.email);
    expect(onOne.map((a) => a.status)).toEqual(expected);

    const shared = await signUp(firstApp());
    const onBoth = await guessUntilRefused(cluster.proxy.url, shared.email);
    expect(onBoth.map((a) => a.status)).toEqual(expected);
    expect(new Set(onBoth.map((a) => a.servedBy))).toEqual(new Set([0, 1]));
    // The right password is refused too, whichever instance it reaches, until the minute is over.
    const right = [1, 2].map(() =>
      via('POST', '/api/auth/login', {
        ip: nextIp(),
        body: { email: shared.email, password: PASSWORD },
      }),
    );
    expect((await Promise.all(right)).map((a) => a.status)).toEqual([429, 429]);
  });
});

/** The id of the newest job so far: the jobs a test causes come after it. */
async function lastJobId() {
  const [row] = await db()
    .select({
      id: sql<number>`coalesce(max(${jobs.id}), 0)::int`,
    })
    .from(jobs);
  return row?.id ?? 0;
}

/** The instance-mail jobs queued after job `since`: `count` of them, once all are done. */
async function mailJobsDone(since: number, count: number) {
  return waitFor(async () => {
    const rows = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, MAIL_SEND_JOB), gt(jobs.id, since)));
    return rows.length === count && rows.every((r) => r.status === 'done') && rows;
  }, 15_000);
}

/** Accounts made straight in the database: the mail tests need addresses, not sign-ins. */
async function accounts(count: number): Promise<string[]> {
  const emails = Array.from(
    { length: count },
    () => `mail-${randomBytes(4).toString('hex')}@example.com`,
  );
  for (const email of emails)
    await createUser(db(), { email, passwordHash: 'never used here', timeZone: 'Europe/Berlin' });
  return emails;
}

const deliveredTo = (email: string) => smtp.received.filter((m) => m.rcptTo.includes(email));

describe('jobs with both instances’ workers running', () => {
  it('delivers each of 8 forgot-password mails exactly once', async () => {
    const emails = await accounts(8);
    const since = await lastJobId();
    const answers = await Promise.all(
      emails.map((email) =>
        via('POST', '/api/auth/forgot-password', { ip: nextIp(), body: { email } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 200));
    const rows = await mailJobsDone(since, emails.length);
    // Each claimed once: no job was run by both workers, and none needed a second attempt.
    expect(rows.map((r) => r.attempts)).toEqual(emails.map(() => 1));
    expect(emails.map((email) => deliveredTo(email).length)).toEqual(emails.map(() => 1));
    const effects = await db()
      .select()
      .from(jobEffects)
      .where(
        inArray(
          jobEffects.jobId,
          rows.map((r) => r.id),
        ),
      );
    expect(effects).toHaveLength(emails.length);
  });

  it('keeps the mails of an SMTP outage and delivers each once when the server is back', async () => {
    await smtp.close();
    const emails = await accounts(4);
    const since = await lastJobId();
    for (const email of emails) {
      const answer = await via('POST', '/api/auth/forgot-password', {
        ip: nextIp(),
        body: { email },
      });
      expect(answer.status).toBe(200);
    }
    // Every job failed at least once and waits for its retry.
    await waitFor(async () => {
      const rows = await db()
        .select({
          attempts: jobs.attempts,
          error: jobs.lastError,
        })
        .from(jobs)
        .where(and(eq(jobs.type, MAIL_SEND_JOB), gt(jobs.id, since)));
      return rows.length === emails.length && rows.every((r) => r.attempts >= 1 && r.error);
    });
    smtp = await startTestSmtp({ port: smtpPort });
    const rows = await mailJobsDone(since, emails.length);
    expect(rows.every((r) => r.attempts >= 2)).toBe(true);
    expect(emails.map((email) => deliveredTo(email).length)).toEqual(emails.map(() => 1));
  });

  it('sends each Gmail message once through a Gmail outage (503)', async () => {
    const sender: Session = await signUp(firstApp());
    await connectGmail(firstApp(), sender);
    const before = gmailApi.calls.length;
    gmailApi.failNext(503, 4, 'Backend Error');
    const subjects = ['one', 'two', 'three', 'four'].map(
      (n) => `Outage ${n} ${randomBytes(2).toString('hex')}`,
    );
    const ids: number[] = [];
    for (const subject of subjects) {
      const answer = await via('POST', '/api/send-email-gmail', {
        cookie: sender.cookie,
        body: { to: 'payroll@riverside.test', subject, body: 'Hello' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      ids.push(answer.body.id);
    }
    await waitFor(async () => {
      const rows = await db()
        .select({ status: mailSends.status })
        .from(mailSends)
        .where(inArray(mailSends.id, ids));
      return rows.every((r) => r.status === 'sent');
    }, 15_000);
    const accepted = await gmailApi.accepted();
    expect(subjects.map((s) => accepted.filter((m) => m.subject === s).length)).toEqual([
      1, 1, 1, 1,
    ]);
    expect(gmailApi.calls.slice(before).filter((c) => c.status === 503)).toHaveLength(4);
  });

  it('mirrors each log to exactly one Notion page through a Notion outage (503)', async () => {
    const properties = Object.fromEntries(NOTION_PROPERTIES.map((p) => [p.name, p.type]));
    // Three people, each with a token of their own: Notion's pace is counted per token.
    const people = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const token = `secret_scale_out_${n}_${randomBytes(3).toString('hex')}`;
        notion.tokens.add(token);
        const who = await signUp(firstApp());
        const { databaseId } = notion.addDatabase({ title: `Shifts ${n}`, properties });
        const connected = await callApi(firstApp(), 'POST', '/api/notion/connect', who, {
          token,
          database: databaseId,
        });
        expect(connected.statusCode, connected.body).toBe(200);
        const employer = await addEmployer(firstApp(), who, {
          name: 'Harbour Café',
          hourlyRate: '18',
        });
        return { who, employerId: employer.id };
      }),
    );
    const failedBefore = notion.calls.filter((c) => c.status === 503).length;
    notion.failNext(503, 'service_unavailable', 4);
    const logs = await Promise.all(
      people.map(({ who, employerId }) =>
        addWorkLog(firstApp(), who, {
          employerId,
          date: '2026-11-02',
          startTime: '08:00',
          endTime: '12:00',
        }),
      ),
    );
    const ids = logs.map((l) => l.id);
    await waitFor(async () => {
      const rows = await db()
        .select({
          state: workLogs.notionSyncState,
        })
        .from(workLogs)
        .where(inArray(workLogs.id, ids));
      return rows.every((r) => r.state === 'synced');
    }, 15_000);
    expect(notion.calls.filter((c) => c.status === 503).length - failedBefore).toBe(4);
    expect(ids.map((id) => notion.pagesMirroring(id).length)).toEqual([1, 1, 1]);
  });
});
