// Copying a shift to other dates and acting on several selected shifts at once, through the real
// API and database: each takes the single shift's path, all in one transaction (all or none).
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateWorkLogBody, WorkLog } from '../../../shared/schemas/work-logs.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer } from '../../test/factories.ts';

// Thursday 26 November 2026, noon in New York.
const NOW = new Date('2026-11-26T17:00:00Z');
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
});

const as = (who: Session) => ({
  get: (url: string) => callApi(ctx.app, 'GET', url, who),
  post: (url: string, body: object) => callApi(ctx.app, 'POST', url, who, body),
});

async function someone() {
  const who = await signUp(ctx.app);
  const api = as(who);
  const diner = await addEmployer(ctx.app, who, {
    name: 'Blue Diner',
    hourlyRate: '20.00',
    departments: ['Kitchen', 'Bar'],
  });
  const studio = await addEmployer(ctx.app, who, {
    name: 'Northside Studio',
    hourlyRate: '35.50',
    departments: ['Front'],
  });
  const log = async (over: Partial<CreateWorkLogBody> = {}): Promise<WorkLog> => {
    const res = await api.post('/api/work-logs', {
      employerId: diner.id,
      date: '2026-03-02',
      startTime: '09:00',
      endTime: '17:00',
      breakDuration: 30,
      ...over,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const all = async (): Promise<WorkLog[]> => (await api.get('/api/work-logs')).json();
  return { who, api, diner, studio, log, all };
}

describe('POST /api/work-logs/:id/duplicate', () => {
  it('copies the shift to each date, priced as the dialog would price it, and pending', async () => {
    const { api, diner, log, all } = await someone();
    const original = await log({
      department: 'Kitchen',
      note: 'Opening',
      hourlyRateAtTime: '22.00',
      status: 'paid',
    });
    const res = await api.post(`/api/work-logs/${original.id}/duplicate`, {
      dates: ['2026-03-05', '2026-03-04'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const copies: WorkLog[] = res.json();
    expect(copies.map((c) => c.date)).toEqual(['2026-03-04', '2026-03-05']);
    for (const copy of copies) {
      expect(copy).toMatchObject({
        employerId: diner.id,
        startTime: '09:00',
        endTime: '17:00',
        breakDuration: 30,
        department: 'Kitchen',
        note: 'Opening',
        hourlyRateAtTime: '22.00',
        status: 'pending',
        hours: '7.5',
        earnings: '165.00',
      });
      const preview = await api.post('/api/work-logs/pay-preview', {
        employerId: diner.id,
        date: copy.date,
        startTime: '09:00',
        endTime: '17:00',
        breakDuration: 30,
        hourlyRateAtTime: '22.00',
      });
      expect(preview.json().totalCents).toBe(16500);
    }
    expect(copies[0]!.id).not.toBe(original.id);
    expect((await all()).length).toBe(3);
  });

  it('saves none when the third date overlaps a shift, and names that date', async () => {
    const { api, log, all } = await someone();
    const original = await log({ date: '2026-03-02' });
    await log({ date: '2026-03-12', startTime: '16:00', endTime: '20:00', breakDuration: 0 });
    const before = await all();
    const res = await api.post(`/api/work-logs/${original.id}/duplicate`, {
      dates: ['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('work_log_overlap');
    expect(res.json().message).toMatch(/^Thu, Mar 12, 2026: Your Blue Diner shift on /);
    expect(await all()).toEqual(before);
  });

  it('saves none into a closed pay period (409 period_closed)', async () => {
    const who = await signUp(ctx.app);
    const api = as(who);
    const employer = await addEmployer(ctx.app, who, {
      name: 'St. Mary',
      hourlyRate: '30.00',
      taxMethod: 'none',
      timesheetSchedule: 'biweekly',
      payAnchorDate: '2026-10-14',
      paydayDays: 1,
      paydayWeekday: 5,
    });
    const shift = { employerId: employer.id, startTime: '07:00', endTime: '15:00' };
    const original = (await api.post('/api/work-logs', { ...shift, date: '2026-11-12' })).json();
    const closed = await api.post('/api/payments/periods/close', {
      employerId: employer.id,
      periodStart: '2026-10-28',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const before = (await api.get('/api/work-logs')).json();
    const res = await api.post(`/api/work-logs/${original.id}/duplicate`, {
      dates: ['2026-11-13', '2026-11-04'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'period_closed',
      message:
        'Wed, Nov 4, 2026: The pay period Wed, Oct 28, 2026 – Tue, Nov 10, 2026 at St. Mary is closed: reopen it to change its shifts.',
      errors: { closedEmployerId: String(employer.id), closedPeriodStart: '2026-10-28' },
    });
    expect((await api.get('/api/work-logs')).json()).toEqual(before);
  });

  it("answers another user's shift as missing, and refuses bad dates", async () => {
    const alice = await someone();
    const bob = await someone();
    const bobs = await bob.log();
    const theirs = await alice.api.post(`/api/work-logs/${bobs.id}/duplicate`, {
      dates: ['2026-03-03'],
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ code: 'not_found', message: 'Work log not found' });
    expect((await bob.all()).length).toBe(1);
    expect((await alice.all()).length).toBe(0);

    const own = await alice.log();
    for (const dates of [[], ['2026-03-03', '2026-03-03'], ['2026-02-30'], 'tomorrow']) {
      const res = await alice.api.post(`/api/work-logs/${own.id}/duplicate`, { dates });
      expect(res.statusCode, JSON.stringify(dates)).toBe(400);
    }
    const many = Array.from({ length: 32 }, (_, i) => `2026-05-${String(i + 1).padStart(2, '0')}`);
    const tooMany = await alice.api.post(`/api/work-logs/${own.id}/duplicate`, { dates: many });
    expect(tooMany.statusCode).toBe(400);
    expect((await alice.all()).length).toBe(1);
  });
});

describe('POST /api/work-logs/bulk', () => {
  it('deletes the selected shifts together', async () => {
    const { api, log, all } = await someone();
    const a = await log({ date: '2026-03-02' });
    const b = await log({ date: '2026-03-03' });
    const c = await log({ date: '2026-03-04' });
    const res = await api.post('/api/work-logs/bulk', { action: 'delete', ids: [a.id, c.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2, undoToken: expect.any(String) });
    expect((await all()).map((l) => l.id)).toEqual([b.id]);
  });

  it('moves the selected shifts to another employer, paid at its rate, or to a department', async () => {
    const { api, studio, log, all } = await someone();
    const a = await log({ date: '2026-03-02', department: 'Kitchen' });
    const b = await log({ date: '2026-03-03' });
    const moved = await api.post('/api/work-logs/bulk', {
      action: 'set_employer',
      ids: [a.id, b.id],
      employerId: studio.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    for (const l of await all()) {
      expect(l).toMatchObject({ employerId: studio.id, department: null, earnings: '266.25' });
    }
    const dept = await api.post('/api/work-logs/bulk', {
      action: 'set_department',
      ids: [a.id, b.id],
      department: 'Front',
    });
    expect(dept.statusCode, dept.body).toBe(200);
    expect((await all()).map((l) => l.department)).toEqual(['Front', 'Front']);
  });

  it('changes nothing when one shift cannot take the change, naming its date', async () => {
    const { api, diner, studio, log, all } = await someone();
    const a = await log({ employerId: studio.id, date: '2026-03-02' });
    const b = await log({ employerId: studio.id, date: '2026-03-03' });
    // Blue Diner already has a shift that overlaps b's.
    await log({ employerId: diner.id, date: '2026-03-03', startTime: '12:00', endTime: '13:00' });
    const before = await all();
    const res = await api.post('/api/work-logs/bulk', {
      action: 'set_employer',
      ids: [a.id, b.id],
      employerId: diner.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Tue, Mar 3, 2026: Your Blue Diner shift/);
    expect(await all()).toEqual(before);

    const dept = await api.post('/api/work-logs/bulk', {
      action: 'set_department',
      ids: [a.id, b.id],
      department: 'Kitchen',
    });
    expect(dept.statusCode).toBe(400);
    expect(dept.json().message).toBe(
      "Mon, Mar 2, 2026: Choose one of Northside Studio's departments",
    );
    expect(await all()).toEqual(before);
  });

  it("answers 404 for the whole request when one shift is another user's, changing nothing", async () => {
    const alice = await someone();
    const bob = await someone();
    const mine = await alice.log();
    const bobs = await bob.log();
    const aliceBefore = await alice.all();
    const bobBefore = await bob.all();
    for (const body of [
      { action: 'delete', ids: [mine.id, bobs.id] },
      { action: 'set_employer', ids: [mine.id, bobs.id], employerId: alice.studio.id },
      { action: 'set_department', ids: [mine.id, bobs.id], department: 'Bar' },
      // Another user's employer is as missing as a made-up one.
      { action: 'set_employer', ids: [mine.id], employerId: bob.studio.id },
    ]) {
      const res = await alice.api.post('/api/work-logs/bulk', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
    expect(await alice.all()).toEqual(aliceBefore);
    expect(await bob.all()).toEqual(bobBefore);
  });

  it('refuses bad requests with 400', async () => {
    const { api, log } = await someone();
    const own = await log();
    for (const body of [
      { action: 'delete', ids: [] },
      { action: 'archive', ids: [own.id] },
      { action: 'set_employer', ids: [own.id] },
      { ids: [own.id] },
    ]) {
      const res = await api.post('/api/work-logs/bulk', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});
