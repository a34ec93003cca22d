import { beforeAll, describe, expect, it } from 'vitest';
import type { GenerateTimesheetBody } from '../../../shared/schemas/timesheets.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';

let ctx: TestContext;
let alice: Session;
let bob: Session;
let clinicId: number;
let bobEmployerId: number;

const generate = (who: Session | undefined, body: Partial<GenerateTimesheetBody>) =>
  callApi(ctx.app, 'POST', '/api/timesheets/generate', who, body);

const october = { startDate: '2026-10-01', endDate: '2026-10-31' };

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUp(ctx.app, { firstName: 'Alice', lastName: 'Archer' });
  bob = await signUp(ctx.app);
  const clinic = await addEmployer(ctx.app, alice, {
    name: 'Riverside Clinic',
    hourlyRate: '25.00',
    taxRate: '10',
    timesheetSchedule: 'monthly',
  });
  clinicId = clinic.id;
  await addWorkLog(ctx.app, alice, {
    employerId: clinicId,
    date: '2026-10-05',
    startTime: '09:00',
    endTime: '17:00',
    breakDuration: 30,
  });
  bobEmployerId = (await addEmployer(ctx.app, bob, { name: 'Bob Bakery', hourlyRate: '30' })).id;
});

describe('POST /api/timesheets/generate', () => {
  it('stores a snapshot of the figures and answers its download address', async () => {
    const res = await generate(alice, { employerId: clinicId, ...october, format: 'pdf' });
    expect(res.statusCode).toBe(201);
    const { downloadUrl, timesheet } = res.json();
    expect(downloadUrl).toBe(`/api/timesheets/${timesheet.id}/download`);
    expect(timesheet).toMatchObject({
      employerId: clinicId,
      employerName: 'Riverside Clinic',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      dueDate: '2026-11-01',
      status: 'generated',
      format: 'pdf',
      totalHours: '7.5',
      totalEarnings: '187.50',
      tax: '18.75',
      totalDue: '206.25',
      taxCalculation: 'add',
      roundingStep: 'none',
      roundingDirection: 'nearest',
      payPrecision: 'minutes',
      currency: 'USD',
      shifts: 1,
      documentName: 'timesheet-riverside-clinic-2026-10-01-to-2026-10-31.pdf',
      downloadUrl,
      sentTo: null,
      sentAt: null,
    });
  });

  it('gives the due date of the pay period the range ends in, by the employer’s schedule', async () => {
    const weekly = await addEmployer(ctx.app, alice, { name: 'Weekly Co', hourlyRate: '10' });
    // 2026-10-07 is a Wednesday: its week runs to Saturday 10-10, due on Sunday 10-11.
    const res = await generate(alice, {
      employerId: weekly.id,
      startDate: '2026-10-04',
      endDate: '2026-10-07',
      format: 'csv',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().timesheet).toMatchObject({ dueDate: '2026-10-11', shifts: 0 });
  });

  it('refuses another user’s employer with 404, like a missing one', async () => {
    const res = await generate(alice, { employerId: bobEmployerId, ...october });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'Employer not found' });
    const missing = await generate(alice, { employerId: 2_000_000_000, ...october });
    expect(missing.statusCode).toBe(404);
    const list = await callApi(ctx.app, 'GET', '/api/timesheets', bob);
    expect(list.json().total).toBe(0);
  });

  it('refuses a body without employer or dates with the report form’s messages', async () => {
    const res = await generate(alice, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      employerId: 'Please select an employer',
      startDate: 'Please select a start date',
      endDate: 'Please select an end date',
    });
  });

  it('refuses an end date before the start date', async () => {
    const res = await generate(alice, {
      employerId: clinicId,
      startDate: '2026-10-31',
      endDate: '2026-10-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ endDate: 'End date must be on or after the start date' });
  });

  it('refuses a range longer than ten years', async () => {
    const res = await generate(alice, {
      employerId: clinicId,
      startDate: '2020-01-01',
      endDate: '2030-12-31',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ endDate: 'A report can cover at most 10 years' });
  });

  it('refuses an e-mailed report without a valid address', async () => {
    const res = await generate(alice, {
      employerId: clinicId,
      ...october,
      emailReport: true,
      emailTo: 'boss.example.com',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      emailTo: 'Valid email address is required when email report is selected',
    });
  });

  it('answers 401 when signed out, whatever the body', async () => {
    expect((await generate(undefined, {})).statusCode).toBe(401);
    expect((await generate(undefined, { employerId: clinicId, ...october })).statusCode).toBe(401);
  });

  it('limits how many reports one user can generate in a minute', async () => {
    const busy = await signUp(ctx.app);
    const employer = await addEmployer(ctx.app, busy, { name: 'Busy', hourlyRate: '10' });
    const body = { employerId: employer.id, ...october, format: 'csv' as const };
    for (let i = 0; i < 30; i++) expect((await generate(busy, body)).statusCode).toBe(201);
    const refused = await generate(busy, body);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Others are not held back by it.
    expect(
      (await generate(alice, { employerId: clinicId, ...october, format: 'csv' })).statusCode,
    ).toBe(201);
  });
});

describe('GET /api/timesheets/:id/download', () => {
  it('sends the stored PDF as an attachment named after the employer and the period', async () => {
    const { timesheet } = (await generate(alice, { employerId: clinicId, ...october })).json();
    const res = await callApi(ctx.app, 'GET', `/api/timesheets/${timesheet.id}/download`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="timesheet-riverside-clinic-2026-10-01-to-2026-10-31.pdf"; ' +
        "filename*=UTF-8''timesheet-riverside-clinic-2026-10-01-to-2026-10-31.pdf",
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('sends a CSV as UTF-8 text with an ASCII name and the exact name beside it', async () => {
    const cafe = await addEmployer(ctx.app, alice, {
      name: 'Café Müller & Söhne',
      hourlyRate: '12',
    });
    const { timesheet } = (
      await generate(alice, { employerId: cafe.id, ...october, format: 'csv' })
    ).json();
    const res = await callApi(ctx.app, 'GET', `/api/timesheets/${timesheet.id}/download`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="timesheet-cafe-muller-sohne-2026-10-01-to-2026-10-31.csv"; ' +
        "filename*=UTF-8''timesheet-caf%C3%A9-m%C3%BCller-s%C3%B6hne-2026-10-01-to-2026-10-31.csv",
    );
  });

  it('answers 404 for another user’s timesheet and for a missing one', async () => {
    const { timesheet } = (await generate(alice, { employerId: clinicId, ...october })).json();
    const stolen = await callApi(ctx.app, 'GET', `/api/timesheets/${timesheet.id}/download`, bob);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ code: 'not_found', message: 'Timesheet not found' });
    const missing = await callApi(ctx.app, 'GET', '/api/timesheets/999999/download', alice);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses ids that are no ids with 400, huge ones included', async () => {
    for (const id of ['abc', '0', '99999999999999999999', '1.5']) {
      const res = await callApi(ctx.app, 'GET', `/api/timesheets/${id}/download`, alice);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toBe('Invalid timesheet id');
    }
  });

  it('answers 401 when signed out', async () => {
    expect((await callApi(ctx.app, 'GET', '/api/timesheets/1/download')).statusCode).toBe(401);
  });
});

describe('DELETE /api/timesheets/:id', () => {
  const remove = (who: Session | undefined, id: number | string) =>
    callApi(ctx.app, 'DELETE', `/api/timesheets/${id}`, who);
  const historyIds = async (who: Session) =>
    (await callApi(ctx.app, 'GET', '/api/timesheets?pageSize=100', who))
      .json()
      .items.map((t: { id: number }) => t.id);

  it('takes the report out of the history, its file with it, and leaves the others', async () => {
    const first = (await generate(alice, { employerId: clinicId, ...october })).json().timesheet;
    // Another report of the same period (with notes): the same one again would be refreshed.
    const twin = (
      await generate(alice, { employerId: clinicId, ...october, includeNotes: true })
    ).json().timesheet;
    const res = await remove(alice, twin.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const ids = await historyIds(alice);
    expect(ids).not.toContain(twin.id);
    expect(ids).toContain(first.id);
    const file = await callApi(ctx.app, 'GET', `/api/timesheets/${twin.id}/download`, alice);
    expect(file.statusCode).toBe(404);
    // Gone is gone: a second delete finds nothing.
    expect((await remove(alice, twin.id)).statusCode).toBe(404);
  });

  it('refuses ids that are no ids with 400 and a message, deleting nothing', async () => {
    const before = await historyIds(alice);
    for (const id of ['abc', '0', '99999999999999999999', '1.5']) {
      const res = await remove(alice, id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toBe('Invalid timesheet id');
    }
    expect(await historyIds(alice)).toEqual(before);
  });

  it('answers 401 when signed out, deleting nothing', async () => {
    const { timesheet } = (await generate(alice, { employerId: clinicId, ...october })).json();
    expect((await remove(undefined, timesheet.id)).statusCode).toBe(401);
    expect(await historyIds(alice)).toContain(timesheet.id);
  });

  it('answers 404 for another user’s report, like a missing one, and keeps it', async () => {
    const { timesheet } = (await generate(alice, { employerId: clinicId, ...october })).json();
    const stolen = await remove(bob, timesheet.id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ code: 'not_found', message: 'Timesheet not found' });
    expect((await remove(bob, 2_147_000_000)).json()).toEqual(stolen.json());
    expect(await historyIds(alice)).toContain(timesheet.id);
  });
});
