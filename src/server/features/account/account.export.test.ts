import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountExportSchema } from '../../../shared/schemas/account.ts';
import { profileImages, timesheetDocuments, timesheets } from '../../db/schema/index.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';
import { setEmployerRules } from '../../test/pay-rules.ts';
import { MULTIPART_TYPE, multipartBody } from '../../test/profile-images.ts';

/** The schema with every object strict: a field the contract does not name fails the test. */
const { shape } = accountExportSchema;
const strictExportSchema = z.strictObject({
  ...shape,
  profile: shape.profile.strict(),
  settings: shape.settings.strict(),
  employers: z.array(
    shape.employers.element.strict().extend({
      rateHistory: z.array(shape.employers.element.shape.rateHistory.element.strict()),
      ruleChanges: z.array(shape.employers.element.shape.ruleChanges.element.strict()),
    }),
  ),
  payments: z.array(
    shape.payments.element.strict().extend({
      file: shape.payments.element.shape.file.unwrap().strict().nullable(),
    }),
  ),
  workLogs: z.array(shape.workLogs.element.strict()),
  timesheets: z.array(shape.timesheets.element.strict()),
  runningTimer: shape.runningTimer.unwrap().strict().nullable(),
});

// 23:30 on 9 March in New York, already 10 March in Tokyo.
const NOW = new Date('2026-03-10T03:30:00Z');
const SECRET_BYTES = 'SECRET-PDF-BYTES-0123456789';

let ctx: TestContext;
let alice: Session;
let bob: Session;
let bobEmployerId: number;
let bobLogId: number;

const exportOf = (who?: Session) => callApi(ctx.app, 'GET', '/api/account/export', who);

async function timesheetFor(who: Session, employerId: number, employerName: string) {
  const [row] = await ctx.database.db
    .insert(timesheets)
    .values({
      userId: who.userId,
      employerId,
      employerName,
      startDate: '2026-03-01',
      endDate: '2026-03-07',
      totalHours: '7.8',
      totalEarnings: '156.00',
      format: 'pdf',
      documentName: 'timesheet.pdf',
    })
    .returning({ id: timesheets.id });
  await ctx.database.db.insert(timesheetDocuments).values({
    timesheetId: row!.id,
    userId: who.userId,
    content: Buffer.from(SECRET_BYTES),
    contentType: 'application/pdf',
    fileName: 'timesheet.pdf',
    byteSize: SECRET_BYTES.length,
  });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
  alice = await signUp(ctx.app, { firstName: 'Alice', lastName: 'Archer' });
  bob = await signUp(ctx.app, { firstName: 'Bob', lastName: 'Baker' });
  const diner = await addEmployer(ctx.app, alice, { name: 'Blue Diner', hourlyRate: '20.00' });
  await addWorkLog(ctx.app, alice, {
    employerId: diner.id,
    date: '2026-03-02',
    startTime: '09:00',
    endTime: '16:52',
    breakDuration: 0,
    note: 'Opened the kitchen',
  });
  await timesheetFor(alice, diner.id, 'Blue Diner');
  const bakery = await addEmployer(ctx.app, bob, { name: 'Secret Bakery', hourlyRate: '99.00' });
  bobEmployerId = bakery.id;
  bobLogId = (
    await addWorkLog(ctx.app, bob, {
      employerId: bakery.id,
      date: '2026-03-03',
      startTime: '06:00',
      endTime: '14:00',
      breakDuration: 15,
    })
  ).id;
  await timesheetFor(bob, bakery.id, 'Secret Bakery');
});

describe('GET /api/account/export', () => {
  it('answers a readable JSON file named with the date in the user’s time zone', async () => {
    const res = await exportOf(alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="hourbook-data-2026-03-09.json"',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('{\n  "exportedAt": "2026-03-10T03:30:00.000Z",\n')).toBe(true);
  });

  it('holds exactly the contract, with nothing the contract does not name', async () => {
    const data = strictExportSchema.parse(JSON.parse((await exportOf(alice)).body));
    expect(data.profile).toMatchObject({
      email: alice.email,
      firstName: 'Alice',
      lastName: 'Archer',
      hasProfilePicture: false,
    });
    expect(data.settings).toMatchObject({ timeZone: 'America/New_York', currency: 'USD' });
    expect(data.employers).toEqual([expect.objectContaining({ name: 'Blue Diner' })]);
    expect(data.workLogs).toEqual([
      expect.objectContaining({
        employerName: 'Blue Diner',
        date: '2026-03-02',
        startTime: '09:00',
        endTime: '16:52',
        breakMinutes: 0,
        hourlyRate: '20.00',
        note: 'Opened the kitchen',
        status: 'pending',
      }),
    ]);
    expect(data.timesheets).toEqual([
      expect.objectContaining({
        employerName: 'Blue Diner',
        totalHours: '7.8',
        format: 'pdf',
        documentName: 'timesheet.pdf',
      }),
    ]);
    // The strict schema fails on a field it does not name, however deep.
    const withUserId = { ...data, workLogs: [{ ...data.workLogs[0], userId: alice.userId }] };
    expect(() => strictExportSchema.parse(withUserId)).toThrow();
  });

  it('leaves the documents’ bytes out', async () => {
    const text = (await exportOf(alice)).body;
    expect(text).not.toContain(SECRET_BYTES);
    expect(text).not.toContain(Buffer.from(SECRET_BYTES).toString('base64'));
    expect(text).not.toContain(Buffer.from(SECRET_BYTES).toString('hex'));
  });

  it('holds each payment’s pay stub or invoice, bytes and all in base64', async () => {
    const dana = await signUp(ctx.app);
    const cafe = await addEmployer(ctx.app, dana, { name: 'Harbour Cafe', hourlyRate: '18.00' });
    const pay = async (amount: string) => {
      const res = await callApi(ctx.app, 'POST', '/api/payments', dana, {
        employerId: cafe.id,
        amount,
        receivedOn: '2026-03-06',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const withFile = await pay('76.00');
    await pay('12.00');
    // Every byte value, so base64 without line breaks is what comes back.
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    ]);
    const stub = await ctx.app.inject({
      method: 'PUT',
      url: `/api/payments/${withFile}/file`,
      headers: { cookie: dana.cookie, 'content-type': MULTIPART_TYPE },
      payload: multipartBody([
        { name: 'file', filename: 'March stub.pdf', contentType: 'application/pdf', data: bytes },
      ]),
    });
    expect(stub.statusCode, stub.body).toBe(200);
    const data = strictExportSchema.parse(JSON.parse((await exportOf(dana)).body));
    const [first, second] = data.payments;
    expect(first?.file).toEqual({
      name: 'March stub.pdf',
      contentType: 'application/pdf',
      size: bytes.length,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      base64: bytes.toString('base64'),
    });
    expect(Buffer.from(first?.file?.base64 ?? '', 'base64').equals(bytes)).toBe(true);
    expect(second?.file).toBeNull();
  });

  it('holds none of another user’s rows', async () => {
    const res = await exportOf(alice);
    expect(res.body).not.toContain('Secret Bakery');
    expect(res.body).not.toContain(bob.email);
    const data = accountExportSchema.parse(res.json());
    expect(data.employers.map((e) => e.id)).not.toContain(bobEmployerId);
    expect(data.workLogs.map((l) => l.id)).not.toContain(bobLogId);
    expect(data.workLogs.map((l) => l.employerId)).not.toContain(bobEmployerId);
    expect(data.timesheets.map((t) => t.employerId)).not.toContain(bobEmployerId);
    expect(data.timesheets).toHaveLength(1);
    const bobs = accountExportSchema.parse((await exportOf(bob)).json());
    expect(bobs.employers.map((e) => e.name)).toEqual(['Secret Bakery']);
  });

  it('gives the hours and earnings the list shows, under the employer’s rounding', async () => {
    const carol = await signUp(ctx.app);
    const diner = await addEmployer(ctx.app, carol, { name: 'Carol Diner', hourlyRate: '20.00' });
    const times = { startTime: '09:00', endTime: '16:52', breakDuration: 0 };
    await addWorkLog(ctx.app, carol, { employerId: diner.id, date: '2026-03-02', ...times });
    const read = async () => accountExportSchema.parse((await exportOf(carol)).json()).workLogs[0];

    // 7 h 52 is 7.9 hours, paid by the minute: 472 × $20 ÷ 60 = $157.33.
    expect(await read()).toMatchObject({ hours: '7.9', hourlyRate: '20.00', earnings: '157.33' });
    // With 15-minute rounding it is 7 h 45: 7.8 to the tenth, 7.75 × $20 = $155.00.
    await setEmployerRules(ctx, carol.userId, diner.id, { roundingStep: '15' });
    expect(await read()).toMatchObject({ hours: '7.8', earnings: '155.00' });
  });

  it('tells whether a profile picture is kept, and names the file in a changed time zone', async () => {
    const who = await signUp(ctx.app);
    await ctx.database.db.insert(profileImages).values({
      userId: who.userId,
      image: Buffer.from('jpeg'),
      contentType: 'image/jpeg',
      version: 'v1',
    });
    await callApi(ctx.app, 'PATCH', '/api/settings/general', who, { timeZone: 'Asia/Tokyo' });
    const res = await exportOf(who);
    expect(res.headers['content-disposition']).toContain('hourbook-data-2026-03-10.json');
    const data = strictExportSchema.parse(res.json());
    expect(data).toMatchObject({
      profile: { hasProfilePicture: true },
      settings: { timeZone: 'Asia/Tokyo' },
      employers: [],
      workLogs: [],
      timesheets: [],
    });
  });

  it('includes a running timer (null when none runs)', async () => {
    const who = await signUp(ctx.app);
    expect(strictExportSchema.parse((await exportOf(who)).json()).runningTimer).toBeNull();
    const employer = await addEmployer(ctx.app, who, {
      name: 'Harbour Bar',
      hourlyRate: '18.00',
      departments: ['Bar'],
    });
    const started = await callApi(ctx.app, 'POST', '/api/timer/start', who, {
      employerId: employer.id,
      department: 'Bar',
    });
    expect(started.statusCode, started.body).toBe(201);
    const data = strictExportSchema.parse((await exportOf(who)).json());
    expect(data.runningTimer).toEqual({
      employerId: employer.id,
      department: 'Bar',
      startedAt: NOW.toISOString(),
      pausedAt: null,
      pausedSeconds: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('answers 401 when signed out', async () => {
    expect((await exportOf()).statusCode).toBe(401);
  });
});
