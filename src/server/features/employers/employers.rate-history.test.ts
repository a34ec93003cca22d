import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { workLogs } from '../../db/schema/index.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';

/** A version without overtime or premiums, as the API answers it. */
const NO_EXTRAS = {
  overtime: { preset: 'none', workweekStartDay: 0, workweekStartTime: '00:00' },
  premiums: [],
};

// 10:00 on Tuesday 10 March in New York (the users' default zone): "today" is 2026-03-10.
const NOW = new Date('2026-03-10T14:00:00Z');

let ctx: TestContext;
let nurse: Session;
let other: Session;
let clinic: number;
const shifts = { a: 0, b: 0, c: 0, d: 0, e: 0 };

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who?: Session, body?: object) =>
  callApi(ctx.app, method, url, who, body);

async function storedPay() {
  const rows = await ctx.database.db
    .select({ id: workLogs.id, pay: workLogs.payCents })
    .from(workLogs)
    .where(inArray(workLogs.id, Object.values(shifts)));
  const byId = new Map(rows.map((r) => [r.id, Number(r.pay)]));
  return Object.fromEntries(Object.entries(shifts).map(([k, id]) => [k, byId.get(id)]));
}

const preview = (body: object, who = nurse) =>
  call('POST', `/api/employers/${clinic}/change-preview`, who, body);
const history = (who = nurse) => call('GET', `/api/employers/${clinic}/rate-history`, who);

beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
  nurse = await signUp(ctx.app);
  other = await signUp(ctx.app);
  clinic = (await addEmployer(ctx.app, nurse, { name: 'Harbor Clinic', hourlyRate: '30.00' })).id;
  const add = async (date: string, startTime: string, endTime: string, rate?: string) =>
    (
      await addWorkLog(ctx.app, nurse, {
        employerId: clinic,
        date,
        startTime,
        endTime,
        breakDuration: 0,
        ...(rate ? { hourlyRateAtTime: rate } : {}),
      })
    ).id;
  shifts.a = await add('2026-02-27', '09:00', '17:00'); // 8 h × $30 = $240.00
  shifts.b = await add('2026-03-02', '09:00', '17:00'); // 8 h × $30 = $240.00
  shifts.c = await add('2026-03-12', '09:00', '13:05'); // 245 min × $30 = $122.50
  shifts.d = await add('2026-03-05', '10:00', '12:00', '40.00'); // its own rate: 2 h × $40
  shifts.e = await add('2026-02-20', '09:00', '10:07'); // 67 min × $30 = $33.50
});

describe('POST /api/employers/:id/change-preview', () => {
  it('counts the shifts and money a rate change reaches, for each way it can apply', async () => {
    const rate = { hourlyRate: '32.00' };
    // From 1 March: B (8 h × $32 = $256.00) and C (245 min × $32 = $130.666… → $130.67).
    const fromDate = await preview({ ...rate, applyChange: { from: 'date', date: '2026-03-01' } });
    expect(fromDate.statusCode, fromDate.body).toBe(200);
    expect(fromDate.json()).toEqual({
      shifts: 2,
      beforeCents: 36_250,
      afterCents: 38_667,
      // No tax at this employer: the totals due are the gross.
      beforeTotalCents: 36_250,
      afterTotalCents: 38_667,
    });
    // New shifts only: dated today (10 March) or later, so C alone.
    expect((await preview({ ...rate, applyChange: { from: 'new' } })).json()).toEqual({
      shifts: 1,
      beforeCents: 12_250,
      afterCents: 13_067,
      // No tax at this employer: the totals due are the gross.
      beforeTotalCents: 12_250,
      afterTotalCents: 13_067,
    });
    // Every shift but D, which has a rate of its own; E: 67 min × $32 = $35.733… → $35.73.
    expect((await preview({ ...rate, applyChange: { from: 'every' } })).json()).toEqual({
      shifts: 4,
      beforeCents: 63_600,
      afterCents: 67_840,
      // No tax at this employer: the totals due are the gross.
      beforeTotalCents: 63_600,
      afterTotalCents: 67_840,
    });
  });

  it('changes nothing, and a body that changes no pay rule changes no shift', async () => {
    const before = await storedPay();
    await preview({ hourlyRate: '99.00', applyChange: { from: 'every' } });
    expect(await storedPay()).toEqual(before);
    expect((await history()).json().changes).toEqual([]);
    expect((await call('GET', '/api/employers', nurse)).json()[0].hourlyRate).toBe('30.00');
    expect((await preview({ hourlyRate: '30', applyChange: { from: 'every' } })).json()).toEqual({
      shifts: 0,
      beforeCents: 0,
      afterCents: 0,
      // No tax at this employer: the totals due are the gross.
      beforeTotalCents: 0,
      afterTotalCents: 0,
    });
  });

  it('refuses a change without its scope, or a date scope without a date, with a message', async () => {
    const none = await preview({ hourlyRate: '32.00' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.applyChange).toBe(
      'Choose how the change applies: new shifts only, from a date, or every shift',
    );
    const noDate = await preview({ hourlyRate: '32.00', applyChange: { from: 'date' } });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().errors['applyChange.date']).toBe(
      'Choose the date the change applies from',
    );
    const badDate = await preview({
      hourlyRate: '32.00',
      applyChange: { from: 'date', date: '2026-02-30' },
    });
    expect(badDate.json().errors['applyChange.date']).toBe(
      'Please choose a real date (YYYY-MM-DD)',
    );
    const badScope = await preview({ hourlyRate: '32.00', applyChange: { from: 'sometime' } });
    expect(badScope.json().errors['applyChange.from']).toBe(
      'Choose new shifts only, from a date, or every shift',
    );
  });

  it("answers 401 signed out and 404 for another user's employer", async () => {
    const body = { hourlyRate: '32.00', applyChange: { from: 'every' } };
    expect(
      (await call('POST', `/api/employers/${clinic}/change-preview`, undefined, body)).statusCode,
    ).toBe(401);
    const theirs = await preview(body, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Employer not found');
  });
});

describe('PATCH /api/employers/:id with a pay-rule change', () => {
  it('refuses a rate change on an employer with shifts until told how it applies, changing nothing', async () => {
    const res = await call('PATCH', `/api/employers/${clinic}`, nurse, { hourlyRate: '32.00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.applyChange).toBe(
      'Choose how the change applies: new shifts only, from a date, or every shift',
    );
    const unknown = await call('PATCH', `/api/employers/${clinic}`, nurse, { roundingStep: '7' });
    expect(unknown.json().errors.roundingStep).toBe(
      'Choose no rounding or 5, 6, 15, 30 or 60 minutes',
    );
    expect((await history()).json().changes).toEqual([]);
  });

  it('a rate from a date pays the shifts on and after it, records the change, and keeps earlier ones', async () => {
    const res = await call('PATCH', `/api/employers/${clinic}`, nurse, {
      hourlyRate: '32.00',
      applyChange: { from: 'date', date: '2026-03-01' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hourlyRate: '32.00', roundingStep: 'none' });
    expect(await storedPay()).toEqual({ a: 24_000, b: 25_600, c: 13_067, d: 8_000, e: 3_350 });
    const { versions, changes } = (await history()).json();
    expect(versions).toEqual([
      {
        effectiveFrom: '2026-03-01',
        hourlyRate: '32.00',
        roundingStep: 'none',
        roundingDirection: 'nearest',
        payPrecision: 'minutes',
        taxMethod: 'add',
        taxRate: '0.00',
        ...NO_EXTRAS,
      },
      {
        effectiveFrom: null,
        hourlyRate: '30.00',
        roundingStep: 'none',
        roundingDirection: 'nearest',
        payPrecision: 'minutes',
        taxMethod: 'add',
        taxRate: '0.00',
        ...NO_EXTRAS,
      },
    ]);
    expect(changes).toEqual([
      {
        id: expect.any(Number),
        changedAt: expect.any(String),
        changedBy: expect.any(String),
        field: 'rate',
        oldValue: '30.00',
        newValue: '32.00',
        applies: 'date',
        appliesFrom: '2026-03-01',
      },
    ]);
    // The employer itself carries the versions, oldest first, for a screen to pay a shift by
    // the rules of its date (the work-log dialog's preview).
    const listed = (await call('GET', '/api/employers', nurse))
      .json()
      .find((e: { id: number }) => e.id === clinic);
    expect(listed.payRules).toEqual([...versions].reverse());
    expect((res.json() as { payRules: unknown }).payRules).toEqual([...versions].reverse());

    // A timesheet across the change prints each row's own rate beside its pay.
    const made = await call('POST', '/api/timesheets/generate', nurse, {
      employerId: clinic,
      startDate: '2026-02-20',
      endDate: '2026-03-12',
      format: 'csv',
    });
    expect(made.statusCode).toBe(201);
    const csv = (await call('GET', made.json().downloadUrl, nurse)).body;
    const rows = csv
      .split('\r\n')
      .map((line) => line.split(','))
      .filter((cells) => /^2026-0[23]-\d\d$/.test(cells[0] ?? ''));
    expect(rows.map((cells) => [cells[0], cells.at(-2), cells.at(-1)])).toEqual([
      ['2026-02-20', '30.00', '33.50'],
      ['2026-02-27', '30.00', '240.00'],
      ['2026-03-02', '32.00', '256.00'],
      ['2026-03-05', '40.00', '80.00'],
      ['2026-03-12', '32.00', '130.67'],
    ]);
  });

  it('rounding from the same date changes that version, not the ones before it', async () => {
    const body = { roundingStep: '15', roundingDirection: 'up' };
    const scope = { applyChange: { from: 'date', date: '2026-03-01' } };
    // C: 245 min up to 255 at $32 = $136.00; B's 8 h stay.
    expect((await preview({ ...body, ...scope })).json()).toEqual({
      shifts: 1,
      beforeCents: 13_067,
      afterCents: 13_600,
      // No tax at this employer: the totals due are the gross.
      beforeTotalCents: 13_067,
      afterTotalCents: 13_600,
    });
    const res = await call('PATCH', `/api/employers/${clinic}`, nurse, { ...body, ...scope });
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedPay()).toEqual({ a: 24_000, b: 25_600, c: 13_600, d: 8_000, e: 3_350 });
    const { versions, changes } = (await history()).json();
    expect(versions.map((v: { roundingStep: string }) => v.roundingStep)).toEqual(['15', 'none']);
    expect(changes.map((c: { field: string }) => c.field).sort()).toEqual([
      'rate',
      'roundingDirection',
      'roundingStep',
    ]);
  });

  it('tenths for every shift reach every version; the record says so, newest first', async () => {
    // E: 67 min → 66 at $30 = $33.00; C: 255 min → 258 at $32 = $137.60.
    const body = { payPrecision: 'tenths', applyChange: { from: 'every' } };
    expect((await preview(body)).json()).toEqual({
      shifts: 2,
      beforeCents: 16_950,
      afterCents: 17_060,
      // No tax at this employer: the totals due are the gross.
      beforeTotalCents: 16_950,
      afterTotalCents: 17_060,
    });
    const res = await call('PATCH', `/api/employers/${clinic}`, nurse, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payPrecision).toBe('tenths');
    expect(await storedPay()).toEqual({ a: 24_000, b: 25_600, c: 13_760, d: 8_000, e: 3_300 });
    const { versions, changes } = (await history()).json();
    expect(versions.map((v: { payPrecision: string }) => v.payPrecision)).toEqual([
      'tenths',
      'tenths',
    ]);
    expect(changes[0]).toMatchObject({
      field: 'payPrecision',
      oldValue: 'minutes',
      newValue: 'tenths',
      applies: 'every',
      appliesFrom: null,
    });
  });

  it('two edits at once both answer, one after the other', async () => {
    const edit = (hourlyRate: string) =>
      call('PATCH', `/api/employers/${clinic}`, nurse, {
        hourlyRate,
        applyChange: { from: 'new' },
      });
    const answers = await Promise.all([edit('33.00'), edit('34.00')]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const { changes } = (await history()).json();
    expect(changes.filter((c: { field: string }) => c.field === 'rate')).toHaveLength(3);
  });

  it('an employer without shifts changes without the question, for every shift', async () => {
    const empty = await addEmployer(ctx.app, nurse, { name: 'Quiet Studio', hourlyRate: '20' });
    const res = await call('PATCH', `/api/employers/${empty.id}`, nurse, { hourlyRate: '21.00' });
    expect(res.statusCode, res.body).toBe(200);
    const record = (await call('GET', `/api/employers/${empty.id}/rate-history`, nurse)).json();
    expect(record.versions).toMatchObject([{ effectiveFrom: null, hourlyRate: '21.00' }]);
    expect(record.changes).toMatchObject([{ field: 'rate', applies: 'every' }]);
  });
});

describe('POST /api/employers with rounding and precision', () => {
  it('takes them, or the settings rounding, nearest and exact minutes when left out', async () => {
    const given = await call('POST', '/api/employers', nurse, {
      name: 'Tenths Agency',
      hourlyRate: '50',
      roundingStep: '6',
      roundingDirection: 'down',
      payPrecision: 'tenths',
    });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({
      roundingStep: '6',
      roundingDirection: 'down',
      payPrecision: 'tenths',
    });
    const record = (
      await call('GET', `/api/employers/${given.json().id}/rate-history`, nurse)
    ).json();
    expect(record).toEqual({
      versions: [
        {
          effectiveFrom: null,
          hourlyRate: '50.00',
          roundingStep: '6',
          roundingDirection: 'down',
          payPrecision: 'tenths',
          taxMethod: 'add',
          taxRate: '0.00',
          ...NO_EXTRAS,
        },
      ],
      changes: [],
    });
    const plain = await addEmployer(ctx.app, nurse, { name: 'Plain Bar', hourlyRate: '15' });
    expect(plain).toMatchObject({
      roundingStep: 'none',
      roundingDirection: 'nearest',
      payPrecision: 'minutes',
    });
  });

  it('refuses an unknown direction or precision with its message', async () => {
    const res = await call('POST', '/api/employers', nurse, {
      name: 'Odd Ltd',
      hourlyRate: '15',
      roundingDirection: 'sideways',
      payPrecision: 'seconds',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      roundingDirection: 'Choose nearest, up or down',
      payPrecision: 'Choose exact minutes or tenths of an hour',
    });
  });
});

describe('GET /api/employers/:id/rate-history', () => {
  it('refuses an id that is not one, with a message', async () => {
    const res = await call('GET', '/api/employers/abc/rate-history', nurse);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Invalid employer id/);
  });

  it("answers 401 signed out and 404 for another user's employer", async () => {
    expect((await call('GET', `/api/employers/${clinic}/rate-history`)).statusCode).toBe(401);
    const theirs = await history(other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Employer not found');
  });
});
