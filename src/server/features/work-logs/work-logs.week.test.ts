// The week grid's save (decision 049) through the real API and database: new, changed and cleared
// shifts in one transaction, each through the single shift's path; a refusal changes nothing.
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
    departments: ['Kitchen'],
  });
  const depot = await addEmployer(ctx.app, who, { name: 'Night Depot', hourlyRate: '30.00' });
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
  return { who, api, diner, depot, log, all };
}

describe('POST /api/work-logs/week', () => {
  it('creates, changes and deletes shifts in one request, each priced by the pay engine', async () => {
    const { api, diner, depot, log, all } = await someone();
    const kept = await log({ date: '2026-03-02', note: 'Opening', status: 'paid' });
    const cleared = await log({ date: '2026-03-03' });
    const res = await api.post('/api/work-logs/week', {
      create: [
        { employerId: depot.id, date: '2026-03-04', startTime: '22:00', endTime: '06:30' },
        {
          employerId: diner.id,
          date: '2026-03-05',
          startTime: '09:15',
          endTime: '17:45',
          breakDuration: 30,
          department: 'Kitchen',
        },
      ],
      update: [{ id: kept.id, startTime: '10:00', endTime: '18:00', breakDuration: 0 }],
      delete: [cleared.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.deleted).toEqual([cleared.id]);
    expect(body.updated).toHaveLength(1);
    expect(body.updated[0]).toMatchObject({
      id: kept.id,
      startTime: '10:00',
      endTime: '18:00',
      breakDuration: 0,
      // What the grid does not show stays as it was.
      note: 'Opening',
      status: 'paid',
      hours: '8.0',
      earnings: '160.00',
    });
    expect(body.created.map((l: WorkLog) => [l.employerId, l.date, l.hours, l.earnings])).toEqual([
      [depot.id, '2026-03-04', '8.5', '255.00'],
      [diner.id, '2026-03-05', '8.0', '160.00'],
    ]);
    expect(body.created[1]).toMatchObject({ department: 'Kitchen', status: 'pending' });
    const now = await all();
    expect(now.map((l) => l.id).sort()).toEqual(
      [kept.id, ...body.created.map((l: WorkLog) => l.id)].sort(),
    );
  });

  it('saves nothing when one new shift overlaps, naming its date and item', async () => {
    const { api, diner, log, all } = await someone();
    const first = await log({ date: '2026-03-02' });
    const second = await log({ date: '2026-03-03' });
    const before = await all();
    const res = await api.post('/api/work-logs/week', {
      create: [
        { employerId: diner.id, date: '2026-03-04', startTime: '09:00', endTime: '17:00' },
        // Overlaps the changed shift of Tuesday, once it runs to 20:00.
        { employerId: diner.id, date: '2026-03-03', startTime: '19:00', endTime: '23:00' },
      ],
      update: [{ id: second.id, startTime: '12:00', endTime: '20:00', breakDuration: 0 }],
      delete: [first.id],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('work_log_overlap');
    expect(res.json().message).toMatch(/^Tue, Mar 3, 2026: Your Blue Diner shift on /);
    expect(res.json().errors).toEqual({ item: 'create.1' });
    expect(await all()).toEqual(before);
  });

  it('refuses a bad change with 400 naming the item, and saves nothing', async () => {
    const { api, diner, log, all } = await someone();
    const shift = await log({ date: '2026-03-02' });
    const before = await all();
    const res = await api.post('/api/work-logs/week', {
      create: [{ employerId: diner.id, date: '2026-03-04', startTime: '09:00', endTime: '17:00' }],
      update: [{ id: shift.id, startTime: '09:00', endTime: '10:00', breakDuration: 60 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Mon, Mar 2, 2026: Break must be shorter than the shift',
      errors: { item: 'update.0', breakDuration: 'Break must be shorter than the shift' },
    });
    expect(await all()).toEqual(before);
  });

  it('answers a closed pay period with 409, saving nothing', async () => {
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
    const inClosed = (await api.post('/api/work-logs', { ...shift, date: '2026-11-04' })).json();
    const closed = await api.post('/api/payments/periods/close', {
      employerId: employer.id,
      periodStart: '2026-10-28',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const before = (await api.get('/api/work-logs')).json();
    for (const body of [
      { create: [{ ...shift, date: '2026-11-12' }], delete: [inClosed.id] },
      {
        create: [{ ...shift, date: '2026-11-12' }],
        update: [{ id: inClosed.id, startTime: '08:00', endTime: '15:00', breakDuration: 0 }],
      },
      {
        create: [
          { ...shift, date: '2026-11-12' },
          { ...shift, date: '2026-11-05' },
        ],
      },
    ]) {
      const res = await api.post('/api/work-logs/week', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().code).toBe('period_closed');
      expect(res.json().message).toMatch(/^(Wed, Nov 4|Thu, Nov 5), 2026: The pay period /);
      expect(res.json().errors.item).toMatch(/^(delete\.0|update\.0|create\.1)$/);
    }
    expect((await api.get('/api/work-logs')).json()).toEqual(before);
  });

  it("answers another user's shift or employer as missing (404), changing nothing", async () => {
    const alice = await someone();
    const bob = await someone();
    const mine = await alice.log();
    const bobs = await bob.log();
    const aliceBefore = await alice.all();
    const bobBefore = await bob.all();
    const fresh = { date: '2026-03-06', startTime: '09:00', endTime: '17:00' };
    for (const body of [
      { delete: [bobs.id], create: [{ ...fresh, employerId: alice.diner.id }] },
      {
        update: [{ id: bobs.id, startTime: '10:00', endTime: '11:00', breakDuration: 0 }],
        delete: [mine.id],
      },
      { create: [{ ...fresh, employerId: bob.diner.id }], delete: [mine.id] },
      { delete: [mine.id, 999_999] },
    ]) {
      const res = await alice.api.post('/api/work-logs/week', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
    expect(await alice.all()).toEqual(aliceBefore);
    expect(await bob.all()).toEqual(bobBefore);
  });

  it('refuses bad requests with 400', async () => {
    const { api, diner, log, all } = await someone();
    const own = await log();
    const before = await all();
    const fresh = { employerId: diner.id, date: '2026-03-06', startTime: '09:00' };
    for (const body of [
      {},
      { create: [], update: [], delete: [] },
      { create: [{ ...fresh, endTime: '25:00' }] },
      { create: [{ ...fresh, endTime: '09:00' }] },
      { update: [{ id: own.id, startTime: '09:00', endTime: '17:00' }] },
      {
        update: [{ id: own.id, startTime: '09:00', endTime: '17:00', breakDuration: 0 }],
        delete: [own.id],
      },
      { delete: [own.id, own.id] },
      { delete: 'all' },
      { delete: Array.from({ length: 201 }, (_, i) => i + 1) },
    ]) {
      const res = await api.post('/api/work-logs/week', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await all()).toEqual(before);
  });
});
