import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
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

  it('prints its usage for an unknown command', async () => {
    const result = await admin('frobnicate');
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/Usage: npm run admin/);
  }, 30_000);
});
