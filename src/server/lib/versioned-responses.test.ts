import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { workLogs } from '../db/schema/index.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../test/app.ts';
import { addEmployer, addWorkLog } from '../test/factories.ts';
import { matchesEtag, VersionedResponses } from './versioned-responses.ts';

let ctx: TestContext;
let alice: Session;
let bob: Session;
let employerId: number;
// The clock the app reads: tests move it.
let clock = new Date('2026-11-18T10:05:00Z');

const get = (url: string, who: Session, etag?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: { cookie: who.cookie, ...(etag ? { 'if-none-match': etag } : {}) },
  });

/** Asks twice: the second time with the first answer's tag. */
async function tagOf(url: string, who: Session) {
  const first = await get(url, who);
  expect(first.statusCode).toBe(200);
  const etag = first.headers.etag as string;
  expect(etag).toBeTruthy();
  return { etag, body: first.body };
}

const LISTS = [
  '/api/work-logs',
  '/api/work-logs?from=2026-11-01&to=2026-11-30',
  '/api/work-logs/summary?from=2026-11-01&to=2026-11-30',
  '/api/work-logs/recent?limit=5',
  '/api/employers',
  '/api/dashboard/stats?period=week',
  '/api/dashboard/weekly-hours?period=month',
  '/api/dashboard/recent-work-logs',
  '/api/timesheets?page=1&pageSize=10',
  '/api/timesheets/upcoming',
];

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
  alice = await signUp(ctx.app);
  bob = await signUp(ctx.app);
  employerId = (await addEmployer(ctx.app, alice, { name: 'Blue Diner', hourlyRate: '20.00' })).id;
  await addWorkLog(ctx.app, alice, {
    employerId,
    date: '2026-11-17',
    startTime: '09:00',
    endTime: '17:00',
    breakDuration: 30,
  });
});

describe('lists and stats with a tag', () => {
  it('answer 304 with no body to a request naming the current tag', async () => {
    for (const url of LISTS) {
      const { etag } = await tagOf(url, alice);
      const again = await get(url, alice, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      // A list of tags, and the weak form, match too.
      expect((await get(url, alice, `"other", W/${etag}`)).statusCode, url).toBe(304);
    }
  });

  it('answer in full, with a new tag, once anything they show has changed', async () => {
    const before = await Promise.all(LISTS.map((url) => tagOf(url, alice)));
    await addWorkLog(ctx.app, alice, {
      employerId,
      date: '2026-11-18',
      startTime: '10:00',
      endTime: '12:00',
      breakDuration: 0,
    });
    for (const [i, url] of LISTS.entries()) {
      const res = await get(url, alice, before[i]!.etag);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).not.toBe(before[i]!.etag);
    }
    const list = await get('/api/work-logs', alice);
    expect(list.json()).toHaveLength(2);
  });

  it('change tag after an employer rename, a settings change, or a write made outside the API', async () => {
    const url = '/api/work-logs';
    let { etag } = await tagOf(url, alice);
    const changes = [
      () => callApi(ctx.app, 'PATCH', `/api/employers/${employerId}`, alice, { name: 'Red Diner' }),
      () => callApi(ctx.app, 'PATCH', '/api/settings/general', alice, { currency: 'EUR' }),
      // A background job (the Notion mirror) marks a log in SQL.
      () =>
        ctx.database.db
          .update(workLogs)
          .set({ notionSyncError: 'x' })
          .where(eq(workLogs.userId, alice.userId)),
    ];
    for (const change of changes) {
      await change();
      const res = await get(url, alice, etag);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).not.toBe(etag);
      etag = res.headers.etag as string;
    }
    expect((await get(url, alice)).json()[0].employer.name).toBe('Red Diner');
  });

  it("keep one user's tag when another user writes, and never answer 304 to another user's tag", async () => {
    const { etag, body } = await tagOf('/api/work-logs', alice);
    const bobsEmployer = await addEmployer(ctx.app, bob, { name: 'Shop', hourlyRate: '10.00' });
    await addWorkLog(ctx.app, bob, {
      employerId: bobsEmployer.id,
      date: '2026-11-17',
      startTime: '09:00',
      endTime: '10:00',
      breakDuration: 0,
    });
    expect((await get('/api/work-logs', alice, etag)).statusCode).toBe(304);
    const bobs = await get('/api/work-logs', bob, etag);
    expect(bobs.statusCode).toBe(200);
    expect(bobs.body).not.toBe(body);
    expect(bobs.json()).toHaveLength(1);
  });

  it('give each query its own tag', async () => {
    const month = await tagOf('/api/work-logs?from=2026-11-01&to=2026-11-30', alice);
    const all = await tagOf('/api/work-logs', alice);
    expect(month.etag).not.toBe(all.etag);
    expect((await get('/api/work-logs', alice, month.etag)).statusCode).toBe(200);
  });

  it("change the dashboard's tags when the quarter hour turns, and the lists' not", async () => {
    const stats = await tagOf('/api/dashboard/stats?period=week', alice);
    const list = await tagOf('/api/work-logs', alice);
    clock = new Date(clock.getTime() + 15 * 60 * 1000);
    expect((await get('/api/dashboard/stats?period=week', alice, stats.etag)).statusCode).toBe(200);
    expect((await get('/api/work-logs', alice, list.etag)).statusCode).toBe(304);
  });

  it('send the same text whether kept or newly built', async () => {
    const kept = await get('/api/work-logs/summary?from=2026-11-01&to=2026-11-30', alice);
    // The same database, through an app that has kept nothing.
    const other = await buildApp({
      database: ctx.database,
      secret: randomBytes(32),
      version: 'test',
      clientDir: '/nonexistent',
      now: () => clock,
    });
    const built = await other.inject({
      method: 'GET',
      url: '/api/work-logs/summary?from=2026-11-01&to=2026-11-30',
      headers: { cookie: alice.cookie },
    });
    await other.close();
    expect(built.statusCode).toBe(200);
    expect(built.body).toBe(kept.body);
    // Tags are the same on every instance of one release.
    expect(built.headers.etag).toBe(kept.headers.etag);
  });

  it('ask the browser to revalidate, and tell it to forget kept answers at sign-out', async () => {
    const session = await signUp(ctx.app);
    const res = await get('/api/employers', session);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const out = await callApi(ctx.app, 'POST', '/api/auth/logout', session);
    expect(out.statusCode).toBe(200);
    expect(out.headers['clear-site-data']).toBe('"cache"');
  });
});

describe('VersionedResponses', () => {
  it('builds nothing for a 304 or for a kept answer, and forgets the least recently used first', async () => {
    const app = Fastify();
    const responses = new VersionedResponses(ctx.database.db, {
      release: 'r',
      now: () => clock,
      maxBytes: 25,
    });
    let builds = 0;
    // No session here: the route hands the cache its user's id.
    app.get('/:name', (request, reply) =>
      responses.send(request, reply, Number(request.headers['x-user']), async () => {
        builds++;
        return JSON.stringify((request.params as { name: string }).name.repeat(10));
      }),
    );
    const ask = (name: string, etag?: string) =>
      app.inject({
        url: `/${name}`,
        headers: { 'x-user': String(alice.userId), ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const a = await ask('a');
    expect(builds).toBe(1);
    expect((await ask('a', a.headers.etag as string)).statusCode).toBe(304);
    expect((await ask('a')).body).toBe(a.body);
    expect(builds).toBe(1);
    // Each text is 12 bytes: a third one pushes the least recently used ("b") out.
    await ask('b');
    await ask('a');
    await ask('c');
    expect(builds).toBe(3);
    await ask('a');
    expect(builds).toBe(3);
    await ask('b');
    expect(builds).toBe(4);
    await app.close();
  });

  it('keeps no answer larger than maxEntryBytes, and builds it again each time', async () => {
    const app = Fastify();
    const responses = new VersionedResponses(ctx.database.db, {
      release: 'r',
      now: () => clock,
      maxEntryBytes: 12,
    });
    const builds: string[] = [];
    app.get('/:name', (request, reply) =>
      responses.send(request, reply, alice.userId, async () => {
        const { name } = request.params as { name: string };
        builds.push(name);
        return JSON.stringify(name);
      }),
    );
    // '"small"' is 7 bytes, '"over-twelve"' 13.
    for (let i = 0; i < 2; i++) await app.inject({ url: '/small' });
    for (let i = 0; i < 2; i++) await app.inject({ url: '/over-twelve' });
    expect(builds).toEqual(['small', 'over-twelve', 'over-twelve']);
    await app.close();
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(matchesEtag(undefined, '"1"')).toBe(false);
    expect(matchesEtag('"2", W/"1"', '"1"')).toBe(true);
    expect(matchesEtag('*', '"1"')).toBe(true);
    expect(matchesEtag('"1-"', '"1"')).toBe(false);
  });
});
