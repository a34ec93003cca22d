import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from './db/schema/index.ts';
import { enqueueJob } from './jobs/queue.ts';
import { projectRoot } from './paths.ts';
import { createTestApp, signUp, type TestContext } from './test/app.ts';

const run = promisify(execFile);
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const admin = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', join(projectRoot, 'src/server/cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: ctx.databaseUrl },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      out: e.stdout + e.stderr,
    }),
  );

const adminStatus = async (cookie: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/auth/admin-status', headers: { cookie } })
  ).json();

describe('npm run admin', () => {
  it('grants and revokes administrator rights by e-mail', async () => {
    const { cookie, email } = await signUp(ctx.app);
    expect(await admin('grant', email.toUpperCase())).toMatchObject({ code: 0 });
    expect(await adminStatus(cookie)).toEqual({ isAdmin: true });
    expect(await admin('revoke', email)).toMatchObject({ code: 0 });
    expect(await adminStatus(cookie)).toEqual({ isAdmin: false });
  }, 30_000);

  it('says so when no user has the e-mail', async () => {
    const result = await admin('grant', 'ghost@example.com');
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/No user with the e-mail ghost@example.com/);
  }, 30_000);

  it('reset-password prints a temporary password that asks for a new one at sign-in', async () => {
    const { email } = await signUp(ctx.app, { password: 'my own password 1' });
    const result = await admin('reset-password', email.toUpperCase());
    expect(result.code).toBe(0);
    const temporary = /Temporary password for \S+: ([2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})/.exec(
      result.out,
    )?.[1];
    expect(temporary).toBeDefined();
    const login = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.200.0.9',
        payload: { email, password },
      });
    const withTemporary = await login(temporary as string);
    expect(withTemporary.statusCode).toBe(403);
    expect(withTemporary.json().code).toBe('password_change_required');
    expect((await login('my own password 1')).statusCode).toBe(200);
    const missing = await admin('reset-password', 'ghost@example.com');
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/No user with the e-mail ghost@example.com/);
  }, 30_000);

  it('prints its usage for an unknown command', async () => {
    const result = await admin('frobnicate');
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/Usage: npm run admin/);
  }, 30_000);
});

describe('npm run admin -- jobs', () => {
  it('lists a dead job with its last error, and retry queues it to run again', async () => {
    const { db } = ctx.database;
    const id = (await enqueueJob(db, { type: 'mail.send', payload: { to: 'x@example.com' } }))!;
    await db
      .update(jobs)
      .set({ status: 'failed', attempts: 25, lastError: 'Error: 554 mailbox unavailable' })
      .where(eq(jobs.id, id));

    const [listed, missing] = await Promise.all([admin('jobs'), admin('jobs', 'retry', '999999')]);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/ID\s+TYPE\s+STATE\s+ATTEMPTS\s+RUN AT\s+LAST ERROR/);
    expect(listed.out).toMatch(
      new RegExp(
        `\\b${id}\\s+mail\\.send\\s+dead\\s+25/25\\s+\\S+Z\\s+Error: 554 mailbox unavailable`,
      ),
    );
    expect(listed.out).toContain('npm run admin -- jobs retry ID');
    expect(listed.out).not.toContain('x@example.com');
    expect(missing).toMatchObject({
      code: 1,
      out: expect.stringContaining('No job with the id 999999'),
    });

    const retried = await admin('jobs', 'retry', String(id));
    expect(retried).toMatchObject({
      code: 0,
      out: expect.stringContaining(`Job ${id} is queued to run again`),
    });
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({
      status: 'queued',
      attempts: 25,
      maxAttempts: 50,
      finishedAt: null,
    });
    expect(row!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);

    const again = await admin('jobs', 'retry', String(id));
    expect(again).toMatchObject({ code: 1, out: expect.stringContaining(`Job ${id} is not dead`) });
  }, 30_000);
});
