// Undo of a delete (decision 048), through the real API, database, job worker and the loopback
// Notion: the shifts come back exactly (every column), their pages out of the trash, or not at all.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTION_PROPERTIES } from '../../../shared/schemas/notion.ts';
import type { CreateWorkLogBody, WorkLog } from '../../../shared/schemas/work-logs.ts';
import { workLogs, workLogUndos } from '../../db/schema/index.ts';
import type { Worker } from '../../jobs/worker.ts';
import type { MailTransport } from '../../mail/transport.ts';
import { createJobHandlers } from '../../ops/job-handlers.ts';
import {
  callApi,
  createTestApp,
  signUp,
  TEST_APP_SECRET,
  type TestContext,
} from '../../test/app.ts';
import { addEmployer } from '../../test/factories.ts';
import { testWorker, waitFor } from '../../test/jobs.ts';
import { startTestNotion, TEST_NOTION_TOKEN, type TestNotion } from '../../test/notion.ts';
import { MULTIPART_TYPE, multipartBody } from '../../test/profile-images.ts';
import { forgetExpiredUndos } from './work-logs.undo.ts';

let notion: TestNotion;
let ctx: TestContext;
let worker: Worker | undefined;

beforeAll(async () => {
  notion = await startTestNotion();
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

/** Every column of the user's shifts, as PostgreSQL has them. */
async function rowsOf(userId: number): Promise<Record<string, unknown>[]> {
  const { rows } = await ctx.database.pool.query(
    'select to_jsonb(l.*) as row from work_logs l where user_id = $1 order by id',
    [userId],
  );
  return rows.map((r: { row: Record<string, unknown> }) => r.row);
}

/** The notion bookkeeping aside (a restored shift is mirrored again). */
const withoutMirror = (rows: Record<string, unknown>[]) =>
  rows.map(({ notion_sync_state: _s, notion_sync_error: _e, notion_version: _v, ...rest }) => rest);

async function someone() {
  const who = await signUp(ctx.app);
  const api = {
    get: (url: string) => callApi(ctx.app, 'GET', url, who),
    post: (url: string, body?: object) => callApi(ctx.app, 'POST', url, who, body),
    del: (url: string) => callApi(ctx.app, 'DELETE', url, who),
  };
  const ward = await addEmployer(ctx.app, who, {
    name: 'Riverside Ward',
    hourlyRate: '25.00',
    departments: ['Night', 'Day'],
    mileageRate: '0.655',
    distanceUnit: 'mi',
    premiums: [
      {
        id: 'charge',
        name: 'Charge nurse',
        kind: 'percent',
        basisPoints: 1_000,
        capCentsPerHour: 200,
        manualOnly: true,
      },
    ],
  });
  const log = async (over: Partial<CreateWorkLogBody> = {}): Promise<WorkLog> => {
    const res = await api.post('/api/work-logs', {
      employerId: ward.id,
      date: '2026-03-02',
      startTime: '08:00',
      endTime: '16:00',
      breakDuration: 30,
      ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const restore = (token: string) => api.post('/api/work-logs/restore', { token });
  return { who, api, ward, log, restore };
}

const full: Partial<CreateWorkLogBody> = {
  department: 'Night',
  note: 'Covered for Sam',
  status: 'paid',
  hourlyRateAtTime: '27.50',
  manualPremiumIds: ['charge'],
  tipsCash: '12.00',
  tipsCard: '3.25',
  distance: '42.5',
  expenseAmount: '8.75',
  expenseNote: 'Parking',
};

describe('POST /api/work-logs/restore', () => {
  it('puts a deleted shift back exactly: same id, every field, its pay, its times', async () => {
    const { who, api, log, restore } = await someone();
    const shift = await log(full);
    expect(shift).toMatchObject({ premiumEarnings: '15.00', expenses: '36.59' });
    const before = await rowsOf(who.userId);

    const res = await api.del(`/api/work-logs/${shift.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { undoToken } = res.json();
    expect(await rowsOf(who.userId)).toEqual([]);

    const back = await restore(undoToken);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ count: 1, ids: [shift.id] });
    expect(await rowsOf(who.userId)).toEqual(before);
    const listed: WorkLog[] = (await api.get('/api/work-logs')).json();
    expect(listed).toEqual([shift]);

    // Used once: the token is gone with its snapshot.
    expect((await restore(undoToken)).statusCode).toBe(404);
    const kept = await ctx.database.db
      .select()
      .from(workLogUndos)
      .where(eq(workLogUndos.userId, who.userId));
    expect(kept).toEqual([]);
  });

  it('puts a shift’s receipt back with it, bytes and all', async () => {
    const { who, api, log, restore } = await someone();
    const shift = await log(full);
    const bytes = Buffer.from('%PDF-1.4\nparking receipt\n%%EOF\n', 'latin1');
    const attached = await ctx.app.inject({
      method: 'PUT',
      url: `/api/work-logs/${shift.id}/receipt`,
      headers: { cookie: who.cookie, 'content-type': MULTIPART_TYPE },
      payload: multipartBody([
        { name: 'file', filename: 'Garage.pdf', contentType: 'application/pdf', data: bytes },
      ]),
    });
    expect(attached.statusCode, attached.body).toBe(200);
    const receiptsOf = async () =>
      (
        await ctx.database.pool.query(
          'select to_jsonb(r.*) as row from work_log_receipts r where user_id = $1',
          [who.userId],
        )
      ).rows;
    const before = await receiptsOf();
    expect(before).toHaveLength(1);

    const res = await api.del(`/api/work-logs/${shift.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await receiptsOf()).toEqual([]);
    const back = await restore(res.json().undoToken);
    expect(back.statusCode, back.body).toBe(200);
    expect(await receiptsOf()).toEqual(before);
    const download = await api.get(`/api/work-logs/${shift.id}/receipt`);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    // Nothing of it is left behind once used.
    const { rows } = await ctx.database.pool.query(
      'select 1 from work_log_undo_receipts where user_id = $1',
      [who.userId],
    );
    expect(rows).toEqual([]);
  });

  it('puts back every shift of a bulk delete, with the pay of their week as before', async () => {
    const { who, api, log, restore } = await someone();
    const shifts: WorkLog[] = [];
    for (const day of ['02', '03', '04', '05', '06']) {
      shifts.push(await log({ date: `2026-03-${day}`, ...(day === '04' ? full : {}) }));
    }
    const before = await rowsOf(who.userId);
    const ids = [shifts[1]!.id, shifts[2]!.id, shifts[4]!.id];
    const res = await api.post('/api/work-logs/bulk', { action: 'delete', ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 3, undoToken: expect.any(String) });
    expect((await rowsOf(who.userId)).map((r) => r.id)).toEqual([shifts[0]!.id, shifts[3]!.id]);

    const back = await restore(res.json().undoToken);
    expect(back.json()).toEqual({ count: 3, ids: [...ids].sort((a, b) => a - b) });
    expect(await rowsOf(who.userId)).toEqual(before);
  });

  it('answers 404 for an unknown, expired or another user’s token, restoring nothing', async () => {
    const alice = await someone();
    const bob = await someone();
    const shift = await alice.log();
    const { undoToken } = (await alice.api.del(`/api/work-logs/${shift.id}`)).json();

    const theirs = await bob.restore(undoToken);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(
      'Nothing to undo: the deleted shifts can no longer be restored',
    );
    expect(await rowsOf(bob.who.userId)).toEqual([]);
    expect((await alice.restore('made-up-token')).statusCode).toBe(404);
    expect((await alice.restore('')).statusCode).toBe(400);

    await ctx.database.db
      .update(workLogUndos)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(workLogUndos.userId, alice.who.userId));
    expect((await alice.restore(undoToken)).statusCode).toBe(404);
    expect(await rowsOf(alice.who.userId)).toEqual([]);
    // Asking for it cleared the expired snapshot.
    const kept = await ctx.database.db
      .select()
      .from(workLogUndos)
      .where(eq(workLogUndos.userId, alice.who.userId));
    expect(kept).toEqual([]);
  });

  it('refuses with 409 when a shift saved since overlaps one, and restores none', async () => {
    const { who, api, log, restore } = await someone();
    const a = await log({ date: '2026-03-02' });
    const b = await log({ date: '2026-03-03' });
    const { undoToken } = (
      await api.post('/api/work-logs/bulk', { action: 'delete', ids: [a.id, b.id] })
    ).json();
    const newer = await log({ date: '2026-03-03', startTime: '12:00', endTime: '20:00' });

    const res = await restore(undoToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('work_log_overlap');
    expect(res.json().message).toMatch(
      /^Tue, Mar 3, 2026: Your Riverside Ward shift on Tue, Mar 3, 2026, 12:00 PM – 8:00 PM overlaps this one.*Nothing was restored\.$/,
    );
    expect((await rowsOf(who.userId)).map((r) => r.id)).toEqual([newer.id]);

    // Once the newer one is gone, the same Undo still works while it lasts.
    await api.del(`/api/work-logs/${newer.id}`);
    expect((await restore(undoToken)).statusCode).toBe(200);
    expect((await rowsOf(who.userId)).map((r) => r.id)).toEqual([a.id, b.id]);
  });

  it('refuses with 409 when a shift now lies in a closed pay period, and restores none', async () => {
    const { who, api, ward, log, restore } = await someone();
    const a = await log({ date: '2026-03-02' });
    const b = await log({ date: '2026-03-20' });
    const { undoToken } = (
      await api.post('/api/work-logs/bulk', { action: 'delete', ids: [a.id, b.id] })
    ).json();
    await ctx.database.pool.query(
      `insert into pay_period_closures (user_id, employer_id, period_start, period_end)
       values ($1, $2, '2026-03-16', '2026-03-31')`,
      [who.userId, ward.id],
    );
    const res = await restore(undoToken);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'period_closed',
      message:
        'The pay period Mon, Mar 16, 2026 – Tue, Mar 31, 2026 at Riverside Ward is closed: reopen it to change its shifts.',
    });
    expect(await rowsOf(who.userId)).toEqual([]);
  });

  it('refuses with 409 when the employer was deleted since', async () => {
    const { who, api, ward, log, restore } = await someone();
    const a = await log();
    const { undoToken } = (await api.del(`/api/work-logs/${a.id}`)).json();
    expect((await callApi(ctx.app, 'DELETE', `/api/employers/${ward.id}`, who)).statusCode).toBe(
      200,
    );
    const res = await restore(undoToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The employer of these shifts was deleted since: they cannot be restored.',
    );
  });

  it('forgets snapshots whose time is up (the job, and any delete or restore)', async () => {
    const { who, api, log } = await someone();
    const a = await log();
    await api.del(`/api/work-logs/${a.id}`);
    const job = await ctx.database.pool.query(
      `select run_at from jobs where type = 'work-logs.forget-undo' order by id desc limit 1`,
    );
    expect(job.rows).toHaveLength(1);
    await ctx.database.db
      .update(workLogUndos)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(workLogUndos.userId, who.userId));
    expect(await forgetExpiredUndos(ctx.database.db)).toBeGreaterThanOrEqual(1);
    const kept = await ctx.database.db
      .select()
      .from(workLogUndos)
      .where(eq(workLogUndos.userId, who.userId));
    expect(kept).toEqual([]);
  });
});

describe('undo with the Notion mirror', () => {
  const ALL_PROPERTIES = Object.fromEntries(NOTION_PROPERTIES.map((p) => [p.name, p.type]));
  const syncState = async (logId: number) => {
    const [row] = await ctx.database.db
      .select({ state: workLogs.notionSyncState, page: workLogs.notionPageId })
      .from(workLogs)
      .where(eq(workLogs.id, logId));
    return row;
  };

  it('takes the same page out of the trash and mirrors the shift to it again', async () => {
    const { who, api, log, restore } = await someone();
    const { databaseId } = notion.addDatabase({ title: 'Shifts', properties: ALL_PROPERTIES });
    const connected = await callApi(ctx.app, 'POST', '/api/notion/connect', who, {
      token: TEST_NOTION_TOKEN,
      database: databaseId,
    });
    expect(connected.statusCode, connected.body).toBe(200);
    startWorker();
    const a = await log({ date: '2026-03-02' });
    const b = await log({ date: '2026-03-03' });
    await waitFor(async () => (await syncState(a.id))?.state === 'synced');
    await waitFor(async () => (await syncState(b.id))?.state === 'synced');
    const pageA = (await syncState(a.id))!.page!;
    const page = () => [...notion.pages.values()].find((p) => p.id === pageA)!;
    const pagesBefore = notion.pages.size;

    const { undoToken } = (
      await api.post('/api/work-logs/bulk', { action: 'delete', ids: [a.id, b.id] })
    ).json();
    await waitFor(() => page().inTrash);
    await waitFor(() => notion.pagesMirroring(b.id).length === 0);

    const back = await restore(undoToken);
    expect(back.statusCode, back.body).toBe(200);
    await waitFor(async () => (await syncState(a.id))?.state === 'synced');
    await waitFor(async () => (await syncState(b.id))?.state === 'synced');
    expect(page().inTrash).toBe(false);
    expect((await syncState(a.id))?.page).toBe(pageA);
    expect(notion.pagesMirroring(a.id).map((p) => p.id)).toEqual([pageA]);
    expect(notion.pagesMirroring(b.id)).toHaveLength(1);
    // No new page: the same two came back.
    expect(notion.pages.size).toBe(pagesBefore);
  });

  it('an Undo before the archive ran leaves the page where it was', async () => {
    const { who, api, log, restore } = await someone();
    const { databaseId } = notion.addDatabase({ title: 'Shifts', properties: ALL_PROPERTIES });
    await callApi(ctx.app, 'POST', '/api/notion/connect', who, {
      token: TEST_NOTION_TOKEN,
      database: databaseId,
    });
    startWorker();
    const a = await log();
    await waitFor(async () => (await syncState(a.id))?.state === 'synced');
    const pageA = (await syncState(a.id))!.page!;
    await worker?.stop();
    worker = undefined;

    const { undoToken } = (await api.del(`/api/work-logs/${a.id}`)).json();
    expect((await restore(undoToken)).statusCode).toBe(200);
    const before = rowsOf(who.userId);
    startWorker();
    await waitFor(async () => (await syncState(a.id))?.state === 'synced');
    const archived = await ctx.database.pool.query(
      `select status from jobs where dedupe_key = $1`,
      [`notion-archive:${pageA}`],
    );
    expect(archived.rows.map((r: { status: string }) => r.status)).toEqual(['done']);
    expect(notion.pagesMirroring(a.id).map((p) => p.id)).toEqual([pageA]);
    expect(withoutMirror(await rowsOf(who.userId))).toEqual(withoutMirror(await before));
  });
});

describe("POST /api/work-logs/bulk { action: 'duplicate' }", () => {
  it('copies each selected shift to each date, in one transaction', async () => {
    const { api, log } = await someone();
    const a = await log({ date: '2026-03-02', ...full });
    const b = await log({ date: '2026-03-03', startTime: '18:00', endTime: '23:00' });
    const res = await api.post('/api/work-logs/bulk', {
      action: 'duplicate',
      ids: [a.id, b.id],
      dates: ['2026-03-09', '2026-03-10'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 4 });
    const all: WorkLog[] = (await api.get('/api/work-logs')).json();
    const copies = all.filter((l) => l.date >= '2026-03-09');
    expect(copies.map((l) => [l.date, l.startTime])).toEqual([
      ['2026-03-10', '18:00'],
      ['2026-03-10', '08:00'],
      ['2026-03-09', '18:00'],
      ['2026-03-09', '08:00'],
    ]);
    const copyOfA = copies.find((l) => l.date === '2026-03-09' && l.startTime === '08:00')!;
    expect(copyOfA).toMatchObject({
      department: 'Night',
      note: 'Covered for Sam',
      status: 'pending',
      hourlyRateAtTime: '27.50',
      manualPremiumIds: ['charge'],
      tipsCash: '0.00',
      distance: null,
      premiumEarnings: '15.00',
    });
  });

  it('copies none when one copy would overlap, naming the day', async () => {
    const { api, log } = await someone();
    const a = await log({ date: '2026-03-02' });
    const b = await log({ date: '2026-03-03' });
    await log({ date: '2026-03-11', startTime: '15:00', endTime: '17:00' });
    const before = (await api.get('/api/work-logs')).json();
    const res = await api.post('/api/work-logs/bulk', {
      action: 'duplicate',
      ids: [a.id, b.id],
      dates: ['2026-03-10', '2026-03-11'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Wed, Mar 11, 2026: Your Riverside Ward shift/);
    expect((await api.get('/api/work-logs')).json()).toEqual(before);
  });

  it('answers 404 for another user’s shift and 400 for bad dates or too many copies', async () => {
    const alice = await someone();
    const bob = await someone();
    const mine = await alice.log();
    const bobs = await bob.log();
    const theirs = await alice.api.post('/api/work-logs/bulk', {
      action: 'duplicate',
      ids: [mine.id, bobs.id],
      dates: ['2026-03-10'],
    });
    expect(theirs.statusCode).toBe(404);
    for (const dates of [[], ['2026-02-30'], ['2026-03-10', '2026-03-10']]) {
      const res = await alice.api.post('/api/work-logs/bulk', {
        action: 'duplicate',
        ids: [mine.id],
        dates,
      });
      expect(res.statusCode, JSON.stringify(dates)).toBe(400);
    }
    const many = Array.from({ length: 10 }, (_, i) => i + 1);
    const tooMany = await alice.api.post('/api/work-logs/bulk', {
      action: 'duplicate',
      ids: [...many, ...many.map((i) => i + 100)],
      dates: Array.from({ length: 11 }, (_, i) => `2026-04-${String(i + 1).padStart(2, '0')}`),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.dates).toBe(
      'At most 200 copies at once: choose fewer shifts or dates',
    );
    expect((await alice.api.get('/api/work-logs')).json()).toHaveLength(1);
  });
});
