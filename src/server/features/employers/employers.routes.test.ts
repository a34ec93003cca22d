import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateEmployerBody } from '../../../shared/schemas/employers.ts';
import { recomputePay } from '../../db/pay-results.ts';
import { employers, timesheets, workLogs } from '../../db/schema/index.ts';
import {
  callApi,
  createTestApp,
  type Method,
  type Session,
  signUp,
  type TestContext,
} from '../../test/app.ts';
import { setEmployerRules } from '../../test/pay-rules.ts';

let ctx: TestContext;
let alice: Session;
let bob: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUp(ctx.app);
  bob = await signUp(ctx.app);
});

const call = (method: Method, url: string, who?: Session, payload?: object) =>
  callApi(ctx.app, method, url, who, payload);

const acme: CreateEmployerBody = {
  name: 'Acme Café',
  hourlyRate: 24.5,
  employmentType: 'contract',
  timesheetSchedule: 'biweekly',
  contactEmail: 'pay@acme.example',
  phone: '+1 555 0100',
  departments: [' Kitchen ', 'Front of house'],
  taxRate: 15.25,
  isActive: true,
};

let created = 0;
/** Names are unique per user, so the default employer gets a number of its own. */
async function create(
  who: Session,
  body: CreateEmployerBody = { ...acme, name: `Acme Café ${++created}` },
) {
  const res = await call('POST', '/api/employers', who, body);
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('POST /api/employers', () => {
  it('creates an employer and answers it, with the defaults filled in', async () => {
    const employer = await create(alice, { name: '  Minimal Ltd ', hourlyRate: '18' });
    expect(employer).toMatchObject({
      name: 'Minimal Ltd',
      hourlyRate: '18.00',
      employmentType: 'full-time',
      timesheetSchedule: 'weekly',
      contactEmail: null,
      departments: [],
      taxRate: '0.00',
      isActive: true,
      brandColor: 'blue',
      userId: alice.userId,
      totalHours: '0.0',
      totalEarnings: '0.00',
      timesheetsSubmitted: 0,
      lastTimesheetDate: null,
    });
  });

  it('keeps rates with cents exactly as entered', async () => {
    for (const rate of [24.49, '0.10', 19.99, '1000000', 0.07]) {
      const employer = await create(alice, {
        name: `Rate ${rate}`,
        hourlyRate: rate,
        taxRate: 7.77,
      });
      expect(employer.hourlyRate).toBe(Number(rate).toFixed(2));
      expect(employer.taxRate).toBe('7.77');
    }
  });

  it('trims departments and stores every field', async () => {
    const employer = await create(alice, acme);
    expect(employer).toMatchObject({
      ...acme,
      hourlyRate: '24.50',
      taxRate: '15.25',
      departments: ['Kitchen', 'Front of house'],
    });
  });

  it.each([
    ['name', 'Employer name is required', { ...acme, name: '   ' }],
    ['name', 'Employer name is required', { ...acme, name: undefined }],
    ['hourlyRate', 'Hourly rate must be at least 0', { ...acme, hourlyRate: -1 }],
    ['hourlyRate', 'Hourly rate must be a positive number', { ...acme, hourlyRate: 'lots' }],
    ['taxRate', 'Tax rate must be at least 0', { ...acme, taxRate: -0.5 }],
    ['taxRate', 'Tax rate must be at most 100', { ...acme, taxRate: 100.01 }],
    ['taxRate', 'Tax rate can have at most two decimal places', { ...acme, taxRate: 12.345 }],
    ['contactEmail', 'Invalid email address', { ...acme, contactEmail: 'not an email' }],
    ['brandColor', 'Choose a colour from the list', { ...acme, brandColor: 'mauve' }],
    ['departments.1', 'Department names cannot be empty', { ...acme, departments: ['Bar', '  '] }],
    [
      'hourlyRate',
      'Hourly rate can have at most two decimal places',
      { ...acme, hourlyRate: 24.499 },
    ],
    [
      'employmentType',
      'Choose an employment type from the list',
      { ...acme, employmentType: 'volunteer' },
    ],
    [
      'timesheetSchedule',
      'Choose a timesheet schedule from the list',
      { ...acme, timesheetSchedule: 'daily' },
    ],
    [
      'departments',
      'Each department can be added only once',
      { ...acme, departments: ['Bar', 'bar '] },
    ],
    [
      'departments',
      'At most 50 departments',
      { ...acme, departments: Array.from({ length: 51 }, (_, i) => `D${i}`) },
    ],
  ])('refuses a bad %s with "%s" and stores nothing', async (field, message, body) => {
    const before = (await call('GET', '/api/employers', bob)).json().length;
    const res = await call('POST', '/api/employers', bob, body as object);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', errors: { [field]: message } });
    expect((await call('GET', '/api/employers', bob)).json()).toHaveLength(before);
  });

  it('answers 401 when signed out', async () => {
    expect((await call('POST', '/api/employers', undefined, acme)).statusCode).toBe(401);
  });
});

describe('GET /api/employers', () => {
  it("lists only the user's own employers, oldest first", async () => {
    const fresh = await signUp(ctx.app);
    const first = await create(fresh, { ...acme, name: 'First' });
    const second = await create(fresh, { ...acme, name: 'Second' });
    await create(bob, { ...acme, name: "Bob's" });
    const list = (await call('GET', '/api/employers', fresh)).json();
    expect(list.map((e: { id: number }) => e.id)).toEqual([first.id, second.id]);
  });

  it('derives total hours and earnings from the work logs, and timesheet counts', async () => {
    const user = await signUp(ctx.app);
    const employer = await create(user, { name: 'Diner', hourlyRate: '20.00' });
    const other = await create(user, { name: 'Other', hourlyRate: '10.00' });
    await ctx.database.db.insert(workLogs).values([
      // 09:00–17:00 less 30 min = 7.5 h at $20 = $150.00
      {
        userId: user.userId,
        employerId: employer.id,
        date: '2026-03-02',
        startTime: '09:00',
        endTime: '17:00',
        breakDuration: 30,
      },
      // overnight 22:00–06:10 = 490 min at the captured $25.55, by the minute: 490 × 25.55 ÷ 60 = $208.66 (8.2 h shown)
      {
        userId: user.userId,
        employerId: employer.id,
        date: '2026-03-03',
        startTime: '22:00',
        endTime: '06:10',
        hourlyRateAtTime: '25.55',
      },
      {
        userId: user.userId,
        employerId: other.id,
        date: '2026-03-03',
        startTime: '10:00',
        endTime: '11:00',
      },
    ]);
    await ctx.database.db.insert(timesheets).values([
      {
        userId: user.userId,
        employerId: employer.id,
        startDate: '2026-03-01',
        endDate: '2026-03-07',
        status: 'sent',
      },
      {
        userId: user.userId,
        employerId: employer.id,
        startDate: '2026-03-08',
        endDate: '2026-03-14',
        status: 'upcoming',
      },
    ]);
    await recomputePay(ctx.database.db, user.userId, { employerIds: [employer.id, other.id] });
    const list = (await call('GET', '/api/employers', user)).json();
    expect(list[0]).toMatchObject({
      totalHours: '15.7',
      totalEarnings: '358.66',
      timesheetsSubmitted: 1,
      lastTimesheetDate: '2026-03-07',
    });
    expect(list[1]).toMatchObject({
      totalHours: '1.0',
      totalEarnings: '10.00',
      timesheetsSubmitted: 0,
    });

    // The employer's rounding applies per log: 7 h 30 → 8 h and 8 h 10 → 8 h with hourly rounding.
    await setEmployerRules(ctx, user.userId, employer.id, { roundingStep: '60' });
    const rounded = (await call('GET', '/api/employers', user)).json();
    expect(rounded[0]).toMatchObject({ totalHours: '16.0', totalEarnings: '364.40' });
  });

  it('answers 401 when signed out', async () => {
    expect((await call('GET', '/api/employers')).statusCode).toBe(401);
  });
});

describe('PATCH /api/employers/:id', () => {
  it('changes only the fields it is sent', async () => {
    const employer = await create(alice);
    const res = await call('PATCH', `/api/employers/${employer.id}`, alice, {
      brandColor: 'teal',
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ...employer,
      brandColor: 'teal',
      isActive: false,
      updatedAt: expect.any(String),
    });
    const cleared = await call('PATCH', `/api/employers/${employer.id}`, alice, {
      contactEmail: '',
      hourlyRate: '30.1',
    });
    expect(cleared.json()).toMatchObject({
      contactEmail: null,
      hourlyRate: '30.10',
      name: employer.name,
    });
  });

  it('refuses bad values with their message and changes nothing', async () => {
    const employer = await create(alice);
    const res = await call('PATCH', `/api/employers/${employer.id}`, alice, {
      name: '',
      taxRate: 101,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      name: 'Employer name is required',
      taxRate: 'Tax rate must be at most 100',
    });
    const list = (await call('GET', '/api/employers', alice)).json();
    expect(list.find((e: { id: number }) => e.id === employer.id).name).toBe(employer.name);
  });

  it('refuses an empty change and a bad id', async () => {
    const employer = await create(alice);
    expect((await call('PATCH', `/api/employers/${employer.id}`, alice, {})).json().message).toBe(
      'Nothing to update',
    );
    const bad = await call('PATCH', '/api/employers/abc', alice, { name: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid employer id');
  });

  it("answers 404 for another user's employer exactly as for a missing one", async () => {
    const employer = await create(alice);
    const theirs = await call('PATCH', `/api/employers/${employer.id}`, bob, { name: 'Hijacked' });
    const missing = await call('PATCH', '/api/employers/999999', bob, { name: 'Hijacked' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    const [row] = await ctx.database.db
      .select()
      .from(employers)
      .where(eq(employers.id, employer.id));
    expect(row?.name).toBe(employer.name);
  });

  it('answers 401 when signed out', async () => {
    expect((await call('PATCH', '/api/employers/1', undefined, { name: 'X' })).statusCode).toBe(
      401,
    );
  });
});

describe('DELETE /api/employers/:id', () => {
  it('deletes the employer with its work logs and timesheets', async () => {
    const employer = await create(alice);
    const keep = await create(alice, { ...acme, name: 'Keep' });
    await ctx.database.db.insert(workLogs).values([
      {
        userId: alice.userId,
        employerId: employer.id,
        date: '2026-01-05',
        startTime: '09:00',
        endTime: '10:00',
      },
      {
        userId: alice.userId,
        employerId: keep.id,
        date: '2026-01-05',
        startTime: '09:00',
        endTime: '10:00',
      },
    ]);
    await ctx.database.db.insert(timesheets).values({
      userId: alice.userId,
      employerId: employer.id,
      startDate: '2026-01-01',
      endDate: '2026-01-07',
    });
    const res = await call('DELETE', `/api/employers/${employer.id}`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(
      await ctx.database.db.select().from(workLogs).where(eq(workLogs.employerId, employer.id)),
    ).toHaveLength(0);
    expect(
      await ctx.database.db.select().from(timesheets).where(eq(timesheets.employerId, employer.id)),
    ).toHaveLength(0);
    expect(
      await ctx.database.db.select().from(workLogs).where(eq(workLogs.employerId, keep.id)),
    ).toHaveLength(1);
    expect((await call('DELETE', `/api/employers/${employer.id}`, alice)).statusCode).toBe(404);
  });

  it("answers 404 for another user's employer and keeps it", async () => {
    const employer = await create(alice);
    const res = await call('DELETE', `/api/employers/${employer.id}`, bob);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'Employer not found' });
    expect(
      await ctx.database.db.select().from(employers).where(eq(employers.id, employer.id)),
    ).toHaveLength(1);
  });

  it('refuses a bad id with a message', async () => {
    const res = await call('DELETE', '/api/employers/-3', alice);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid employer id');
  });

  it('answers 401 when signed out', async () => {
    expect((await call('DELETE', '/api/employers/1')).statusCode).toBe(401);
  });
});

describe('the database itself', () => {
  it("refuses a work log that points at another user's employer", async () => {
    const employer = await create(alice);
    await expect(
      ctx.database.db.insert(workLogs).values({
        userId: bob.userId,
        employerId: employer.id,
        date: '2026-01-05',
        startTime: '09:00',
        endTime: '10:00',
      }),
    ).rejects.toThrow();
  });
});
