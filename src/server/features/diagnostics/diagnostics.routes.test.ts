import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { diagnosticsResponseSchema } from '../../../shared/schemas/diagnostics.ts';
import { buildApp } from '../../app.ts';
import { gmailTokens, notionConnections } from '../../db/schema/index.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';

const NOW = new Date('2026-05-04T12:34:56.789Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});

const connectNotionRow = (userId: number) =>
  ctx.database.db.insert(notionConnections).values({
    userId,
    tokenSealed: 'sealed',
    databaseId: 'db',
    dataSourceId: 'ds',
    titleProperty: 'Name',
  });

const diagnostics = (who?: Session) => callApi(ctx.app, 'GET', '/api/diagnostics', who);
const statesOf = async (who: Session) => {
  const { mailAccount, notion } = diagnosticsResponseSchema.parse((await diagnostics(who)).json());
  return { mailAccount, notion };
};

describe('GET /api/diagnostics', () => {
  it('describes the instance and the user’s own connections', async () => {
    const who = await signUp(ctx.app);
    const res = await diagnostics(who);
    expect(res.statusCode, res.body).toBe(200);
    expect(diagnosticsResponseSchema.strict().parse(res.json())).toEqual({
      version: 'test',
      database: 'external',
      instanceMail: 'outbox',
      mailLinks: 'request-host',
      mailAccount: 'not-connected',
      notion: 'not-connected',
      serverTime: '2026-05-04T12:34:56.789Z',
    });
  });

  it('tells when the instance sends its mail through an SMTP server', async () => {
    const app = await buildApp({
      database: ctx.database,
      secret: randomBytes(32),
      version: '9.9.9',
      smtpConfigured: true,
      sessionCache: false,
      clientDir: '/nonexistent',
    });
    try {
      const who = await signUp(app);
      const res = await callApi(app, 'GET', '/api/diagnostics', who);
      expect(res.json()).toMatchObject({ version: '9.9.9', instanceMail: 'smtp' });
    } finally {
      await app.close();
    }
  });

  it('answers 401 when signed out', async () => {
    const res = await diagnostics();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('shows a connected mail account, and one that needs authorising again', async () => {
    const who = await signUp(ctx.app);
    await ctx.database.db.insert(gmailTokens).values({ userId: who.userId, accessToken: 'enc' });
    expect((await statesOf(who)).mailAccount).toBe('connected');
    await ctx.database.db
      .update(gmailTokens)
      .set({ needsReauth: true })
      .where(eq(gmailTokens.userId, who.userId));
    expect((await statesOf(who)).mailAccount).toBe('needs-reauth');
  });

  it('shows Notion connected while its mirror works, not after Notion refused the token', async () => {
    const who = await signUp(ctx.app);
    expect((await statesOf(who)).notion).toBe('not-connected');
    await connectNotionRow(who.userId);
    expect((await statesOf(who)).notion).toBe('connected');
    await ctx.database.db
      .update(notionConnections)
      .set({ state: 'unauthorized' })
      .where(eq(notionConnections.userId, who.userId));
    expect((await statesOf(who)).notion).toBe('not-connected');
  });

  it('shows each user only their own connections', async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    await ctx.database.db.insert(gmailTokens).values({ userId: a.userId, accessToken: 'enc' });
    await connectNotionRow(a.userId);
    expect(await statesOf(a)).toEqual({ mailAccount: 'connected', notion: 'connected' });
    expect(await statesOf(b)).toEqual({ mailAccount: 'not-connected', notion: 'not-connected' });
  });
});
