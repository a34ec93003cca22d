import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoneyString, parseMoney, shiftMinutes } from '../../../shared/domain/index.ts';
import { type CreateWorkLogBody, workLogListSchema } from '../../../shared/schemas/work-logs.ts';
import { settings, workLogs } from '../../db/schema/index.ts';
import {
  callApi,
  createTestApp,
  type Method,
  type Session,
  signUp,
  type TestContext,
} from '../../test/app.ts';

let ctx: TestContext;
let alice: Session;
let bob: Session;
let diner: { id: number };
let studio: { id: number };
let bobsShop: { id: number };

const call = (method: Method, url: string, who?: Session, payload?: object) =>
  callApi(ctx.app, method, url, who, payload);

async function employer(who: Session, body: object) {
  const res = await call('POST', '/api/employers', who, body);
  expect(res.statusCode).toBe(201);
  return res.json();
}

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUp(ctx.app);
  bob = await signUp(ctx.app);
  diner = await employer(alice, {
    name: 'Blue Diner',
    hourlyRate: '20.00',
    departments: ['Kitchen', 'Bar'],
  });
  studio = await employer(alice, { name: 'Northside Studio', hourlyRate: '35.50' });
  bobsShop = await employer(bob, { name: "Bob's Shop", hourlyRate: '15.00' });
});

const shift = (over: Partial<CreateWorkLogBody> = {}): CreateWorkLogBody => ({
  employerId: diner.id,
  date: '2026-03-02',
  startTime: '09:00',
  endTime: '17:00',
  breakDuration: 30,
  ...over,
});

async function log(who: Session, body: CreateWorkLogBody) {
  const res = await call('POST', '/api/work-logs', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/work-logs', () => {
  it('creates a log without a rate of its own, paid the employer rate, and answers it with its employer', async () => {
    const created = await log(alice, { ...shift(), department: 'Kitchen', hourlyRateAtTime: 0 });
    expect(created).toMatchObject({
      employerId: diner.id,
      date: '2026-03-02',
      startTime: '09:00',
      endTime: '17:00',
      breakDuration: 30,
      department: 'Kitchen',
      status: 'pending',
      hourlyRateAtTime: '0.00',
      hours: '7.5',
      earnings: '150.00',
      employer: { id: diner.id, name: 'Blue Diner', brandColor: 'blue' },
    });
  });

  it('keeps past pay when the employer rate changes for new shifts only', async () => {
    const created = await log(alice, shift({ employerId: studio.id, date: '2026-04-01' }));
    expect(created.earnings).toBe('266.25');
    const patched = await call('PATCH', `/api/employers/${studio.id}`, alice, {
      hourlyRate: '99.00',
      applyChange: { from: 'new' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // The stored figures are what every screen sums (decision 035).
    const [row] = await ctx.database.db
      .select({ rate: workLogs.payRateCents, pay: workLogs.payCents })
      .from(workLogs)
      .where(eq(workLogs.id, created.id));
    expect(row).toEqual({ rate: 3550, pay: 26625 });
    await call('PATCH', `/api/employers/${studio.id}`, alice, {
      hourlyRate: '35.50',
      applyChange: { from: 'every' },
    });
  });

  it('keeps a rate sent with the log', async () => {
    const created = await log(alice, shift({ hourlyRateAtTime: '22.75', date: '2026-04-02' }));
    expect(created).toMatchObject({ hourlyRateAtTime: '22.75', earnings: '170.63' });
  });

  it('counts an overnight shift into the next day, and a shift ending at 23:59', async () => {
    const night = await log(
      alice,
      shift({ startTime: '22:00', endTime: '06:00', breakDuration: 0, date: '2026-12-31' }),
    );
    expect(night.hours).toBe('8.0');
    const late = await log(
      alice,
      shift({ startTime: '09:00', endTime: '23:59', breakDuration: 0, date: '2026-01-31' }),
    );
    expect(late.hours).toBe('15.0');
  });

  it("a new employer takes the user's rounding setting, applied to each log", async () => {
    const user = await signUp(ctx.app);
    await ctx.database.db
      .update(settings)
      .set({ roundTime: '15' })
      .where(eq(settings.userId, user.userId));
    const place = await employer(user, { name: 'Rounding Co', hourlyRate: '10.00' });
    const created = await log(user, {
      employerId: place.id,
      date: '2026-05-01',
      startTime: '09:00',
      endTime: '10:08',
    });
    // 68 minutes round to 75 (the nearest quarter hour): 1.25 h shows as 1.3 h; paid by the
    // minute, 75 × $10 ÷ 60 = $12.50.
    expect(created).toMatchObject({ hours: '1.3', earnings: '12.50' });
  });

  it.each([
    ['date', 'Please choose a real date (YYYY-MM-DD)', { date: '2026-02-30' }],
    ['date', 'Please choose a real date (YYYY-MM-DD)', { date: '02/03/2026' }],
    ['date', 'Dates start at 2020-01-01', { date: '2019-12-31' }],
    ['startTime', 'Start time must be a time between 00:00 and 23:59', { startTime: '24:00' }],
    ['endTime', 'End time must be a time between 00:00 and 23:59', { endTime: '9:00' }],
    ['breakDuration', 'Break must be a whole number of minutes', { breakDuration: -5 }],
    ['breakDuration', 'Break must be a whole number of minutes', { breakDuration: 1.5 }],
    ['breakDuration', 'Break must be shorter than the shift', { breakDuration: 480 }],
    ['endTime', 'End time must be different from start time', { endTime: '09:00' }],
    ['employerId', 'Please select an employer', { employerId: 0 }],
    ['status', 'Choose a status from the list', { status: 'lost' }],
    ['department', "Choose one of Blue Diner's departments", { department: 'Garden' }],
  ])('refuses a bad %s with "%s" and stores nothing', async (field, message, over) => {
    const before = (await call('GET', '/api/work-logs', alice)).json().length;
    const res = await call('POST', '/api/work-logs', alice, { ...shift(), ...over } as object);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { [field]: message } });
    expect((await call('GET', '/api/work-logs', alice)).json()).toHaveLength(before);
  });

  it("answers 404 for another user's employer in the body and stores nothing", async () => {
    const res = await call('POST', '/api/work-logs', alice, shift({ employerId: bobsShop.id }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'Employer not found' });
    expect(
      await ctx.database.db.select().from(workLogs).where(eq(workLogs.employerId, bobsShop.id)),
    ).toHaveLength(0);
  });

  it('answers 401 when signed out', async () => {
    expect((await call('POST', '/api/work-logs', undefined, shift())).statusCode).toBe(401);
  });
});

describe('GET /api/work-logs', () => {
  let user: Session;
  let a: { id: number; departments: string[] };
  let b: { id: number };
  beforeAll(async () => {
    user = await signUp(ctx.app);
    a = await employer(user, { name: 'Harbour Café', hourlyRate: '18.00', departments: ['Bar'] });
    b = await employer(user, { name: 'Museum', hourlyRate: '25.00' });
    await log(user, {
      employerId: a.id,
      date: '2026-01-10',
      startTime: '08:00',
      endTime: '12:00',
      department: 'Bar',
    });
    await log(user, { employerId: a.id, date: '2026-02-10', startTime: '13:00', endTime: '17:00' });
    await log(user, { employerId: b.id, date: '2026-02-10', startTime: '08:00', endTime: '12:00' });
    await log(user, { employerId: b.id, date: '2026-03-01', startTime: '08:00', endTime: '12:00' });
  });

  it('answers every log of the user, newest first, each with its employer', async () => {
    const list = (await call('GET', '/api/work-logs', user)).json();
    expect(
      list.map((l: { date: string; startTime: string }) => `${l.date} ${l.startTime}`),
    ).toEqual(['2026-03-01 08:00', '2026-02-10 13:00', '2026-02-10 08:00', '2026-01-10 08:00']);
    expect(list[0].employer.name).toBe('Museum');
  });

  it('lists each log exactly as it is answered on its own, in the shape of the schema', async () => {
    const single = await log(user, {
      employerId: a.id,
      date: '2026-04-04',
      startTime: '21:45',
      endTime: '05:10',
      breakDuration: 25,
      department: 'Bar',
      hourlyRateAtTime: '19.99',
    });
    const list = (await call('GET', '/api/work-logs', user)).json();
    expect(workLogListSchema.parse(list)).toEqual(list);
    expect(list.find((l: { id: number }) => l.id === single.id)).toEqual(single);
    await call('DELETE', `/api/work-logs/${single.id}`, user);
  });

  it('filters by employer, department, date range and employer name', async () => {
    const q = async (query: string) =>
      (await call('GET', `/api/work-logs?${query}`, user)).json().length;
    expect(await q(`employerId=${a.id}`)).toBe(2);
    expect(await q('department=Bar')).toBe(1);
    expect(await q('from=2026-02-01&to=2026-02-28')).toBe(2);
    expect(await q('from=2026-02-11')).toBe(1);
    expect(await q('search=harbour')).toBe(2);
    expect(await q('search=%25')).toBe(0);
    expect(await q('limit=1&offset=1')).toBe(1);
  });

  it('refuses a bad filter with a message', async () => {
    const res = await call('GET', '/api/work-logs?from=2026-13-01', user);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose a real date (YYYY-MM-DD)');
  });

  it("never shows another user's logs", async () => {
    const list = (await call('GET', '/api/work-logs', bob)).json();
    expect(list.every((l: { userId: number }) => l.userId === bob.userId)).toBe(true);
    expect((await call('GET', `/api/work-logs?employerId=${a.id}`, bob)).json()).toEqual([]);
  });

  it('answers 401 when signed out', async () => {
    expect((await call('GET', '/api/work-logs')).statusCode).toBe(401);
  });
});

describe('GET /api/work-logs/summary', () => {
  it('counts and totals the logs that match the filters, whatever page is asked for', async () => {
    const user = await signUp(ctx.app);
    const place = await employer(user, { name: 'Count Co', hourlyRate: '10' });
    const other = await employer(user, { name: 'Other Co', hourlyRate: '10' });
    for (const [e, date] of [
      [place, '2026-05-01'],
      [place, '2026-05-02'],
      [other, '2026-05-03'],
    ] as const) {
      await log(user, { employerId: e.id, date, startTime: '09:00', endTime: '10:00' });
    }
    const summary = async (query: string) =>
      (await call('GET', `/api/work-logs/summary?${query}`, user)).json();
    const of = (count: number) => ({
      count,
      totalHours: `${count}.0`,
      totalEarnings: `${count * 10}.00`,
      regularEarnings: `${count * 10}.00`,
      premiumEarnings: '0.00',
      overtimeEarnings: '0.00',
      totalTips: '0.00',
      totalExpenses: '0.00',
    });
    expect(await summary('')).toEqual(of(3));
    expect(await summary(`employerId=${place.id}&limit=1&offset=1`)).toEqual(of(2));
    expect(await summary('search=other')).toEqual(of(1));
    expect(await summary('from=2026-05-02')).toEqual(of(2));
  });

  it("never counts another user's logs", async () => {
    const stranger = await signUp(ctx.app);
    expect((await call('GET', '/api/work-logs/summary', stranger)).json()).toEqual({
      count: 0,
      totalHours: '0.0',
      totalEarnings: '0.00',
      regularEarnings: '0.00',
      premiumEarnings: '0.00',
      overtimeEarnings: '0.00',
      totalTips: '0.00',
      totalExpenses: '0.00',
    });
  });

  it('refuses a bad filter with a message', async () => {
    const res = await call('GET', '/api/work-logs/summary?to=2026-02-30', alice);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose a real date (YYYY-MM-DD)');
  });

  it('answers 401 when signed out', async () => {
    expect((await call('GET', '/api/work-logs/summary')).statusCode).toBe(401);
  });
});

describe('GET /api/work-logs/recent', () => {
  it('answers the 7 newest logs by default, or as many as asked', async () => {
    const user = await signUp(ctx.app);
    const place = await employer(user, { name: 'Recent Co', hourlyRate: '10' });
    for (let day = 1; day <= 9; day++) {
      await log(user, {
        employerId: place.id,
        date: `2026-06-0${day}`,
        startTime: '09:00',
        endTime: '10:00',
      });
    }
    const recent = (await call('GET', '/api/work-logs/recent', user)).json();
    expect(recent.map((l: { date: string }) => l.date)).toEqual(
      ['09', '08', '07', '06', '05', '04', '03'].map((d) => `2026-06-${d}`),
    );
    expect((await call('GET', '/api/work-logs/recent?limit=2', user)).json()).toHaveLength(2);
  });

  it('refuses a limit out of range', async () => {
    const res = await call('GET', '/api/work-logs/recent?limit=0', alice);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Limit must be between 1 and 50');
  });

  it('answers 401 when signed out', async () => {
    expect((await call('GET', '/api/work-logs/recent')).statusCode).toBe(401);
  });
});

describe('PATCH /api/work-logs/:id', () => {
  it('changes what it is sent and recomputes hours and earnings', async () => {
    const created = await log(alice, shift({ date: '2026-07-01' }));
    const res = await call('PATCH', `/api/work-logs/${created.id}`, alice, {
      endTime: '18:00',
      status: 'approved',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      startTime: '09:00',
      endTime: '18:00',
      hours: '8.5',
      earnings: '170.00',
      status: 'approved',
    });
  });

  it('checks the log as a whole after the change', async () => {
    const created = await log(alice, shift({ date: '2026-07-02' }));
    const res = await call('PATCH', `/api/work-logs/${created.id}`, alice, { breakDuration: 600 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.breakDuration).toBe('Break must be shorter than the shift');
  });

  it("moving a log to another employer takes that employer's rate and drops the department", async () => {
    const created = await log(alice, shift({ date: '2026-07-03', department: 'Bar' }));
    const res = await call('PATCH', `/api/work-logs/${created.id}`, alice, {
      employerId: studio.id,
    });
    expect(res.json()).toMatchObject({
      employerId: studio.id,
      department: null,
      hourlyRateAtTime: '0.00',
      earnings: '266.25',
    });
  });

  it("answers 404 for another user's log, and for another user's employer in the body", async () => {
    const created = await log(alice, shift({ date: '2026-07-04' }));
    const theirs = await call('PATCH', `/api/work-logs/${created.id}`, bob, { breakDuration: 0 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(
      (await call('PATCH', '/api/work-logs/999999', bob, { breakDuration: 0 })).json(),
    );
    const moved = await call('PATCH', `/api/work-logs/${created.id}`, alice, {
      employerId: bobsShop.id,
    });
    expect(moved.statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(workLogs).where(eq(workLogs.id, created.id));
    expect(row).toMatchObject({ employerId: diner.id, breakDuration: 30 });
  });

  it('refuses an empty change with a message', async () => {
    const created = await log(alice, shift({ date: '2026-07-05' }));
    const res = await call('PATCH', `/api/work-logs/${created.id}`, alice, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Nothing to update');
  });

  it('answers 401 when signed out', async () => {
    expect(
      (await call('PATCH', '/api/work-logs/1', undefined, { breakDuration: 0 })).statusCode,
    ).toBe(401);
  });
});

describe('DELETE /api/work-logs/:id', () => {
  it('deletes the log', async () => {
    const created = await log(alice, shift({ date: '2026-08-01' }));
    const res = await call('DELETE', `/api/work-logs/${created.id}`, alice);
    expect(res.json()).toEqual({ success: true, undoToken: expect.any(String) });
    expect((await call('DELETE', `/api/work-logs/${created.id}`, alice)).statusCode).toBe(404);
  });

  it("answers 404 for another user's log and keeps it", async () => {
    const created = await log(alice, shift({ date: '2026-08-02' }));
    const res = await call('DELETE', `/api/work-logs/${created.id}`, bob);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'Work log not found' });
    expect(
      await ctx.database.db.select().from(workLogs).where(eq(workLogs.id, created.id)),
    ).toHaveLength(1);
  });

  it('refuses a bad id with a message', async () => {
    const res = await call('DELETE', '/api/work-logs/x', alice);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid work log id');
  });

  it('answers 401 when signed out', async () => {
    expect((await call('DELETE', '/api/work-logs/1')).statusCode).toBe(401);
  });
});

describe('employer totals', () => {
  it('always equal the sum of the rows the work-log list shows', async () => {
    const roundings = ['none', '5', '15', '30', '60'] as const;
    const time = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const logArb = fc
      .record({
        start: time,
        end: time,
        breakDuration: fc.integer({ min: 0, max: 120 }),
        rate: fc.integer({ min: 0, max: 20_000 }),
      })
      .filter((l) => l.start !== l.end);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...roundings),
        fc.array(logArb, { minLength: 1, maxLength: 8 }),
        async (roundTime, logs) => {
          const user = await signUp(ctx.app);
          const place = await employer(user, { name: 'Totals Co', hourlyRate: '17.35' });
          await ctx.database.db
            .update(settings)
            .set({ roundTime })
            .where(eq(settings.userId, user.userId));
          let saved = 0;
          for (const l of logs) {
            const res = await call('POST', '/api/work-logs', user, {
              employerId: place.id,
              date: '2026-09-01',
              startTime: l.start,
              endTime: l.end,
              breakDuration: l.breakDuration,
              hourlyRateAtTime: formatMoneyString(l.rate),
              // Random shifts of one day overlap; confirmed, as totals are the point here.
              allowOverlap: true,
            });
            // A break as long as the shift is refused (docs/product/money.md#worked-minutes); everything else is saved.
            const valid = shiftMinutes({ ...l, startTime: l.start, endTime: l.end }).ok;
            expect(res.statusCode, res.body).toBe(valid ? 201 : 400);
            if (valid) saved++;
          }
          const rows = (await call('GET', '/api/work-logs', user)).json() as {
            hours: string;
            earnings: string;
          }[];
          expect(rows).toHaveLength(saved);
          const [totals] = (await call('GET', '/api/employers', user)).json();
          const tenths = rows.reduce((sum, r) => sum + Math.round(Number(r.hours) * 10), 0);
          const cents = rows.reduce((sum, r) => sum + (parseMoney(r.earnings) ?? 0), 0);
          expect(totals.totalHours).toBe((tenths / 10).toFixed(1));
          expect(totals.totalEarnings).toBe(formatMoneyString(cents));
        },
      ),
      { numRuns: 12 },
    );
  }, 60_000);
});
