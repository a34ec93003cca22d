// Employers counted as one for overtime (decision 040), through the real API and database: two
// sites of one hospital system whose hours add up to one workweek, worked out by hand in the
// comments; every screen and sheet that shows the week agrees; bad input changes nothing.
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkLog } from '../../../shared/schemas/work-logs.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';

const NOW = new Date('2026-11-12T12:00:00Z');

let ctx: TestContext;
let worker: Session;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) =>
  callApi(ctx.app, method, url, worker, body);

const employer = async (name: string, hourlyRate: string, more: object = {}) =>
  (await addEmployer(ctx.app, worker, { name, hourlyRate, taxMethod: 'none', ...more })).id;

const shift = (employerId: number, date: string, startTime = '08:00', endTime = '16:00') =>
  addWorkLog(ctx.app, worker, { employerId, date, startTime, endTime });

async function logsOf(employerId: number): Promise<WorkLog[]> {
  const res = await call('GET', `/api/work-logs?employerId=${employerId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as WorkLog[]).sort((a, b) => (a.date < b.date ? -1 : 1));
}

const overtimeOf = async (employerId: number) =>
  (await logsOf(employerId)).reduce((sum, log) => sum + Number(log.overtimeEarnings), 0);

// The workweek of Sunday 8 November 2026: Monday 9 … Saturday 14.
const WEEK = ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14'];
const US_FEDERAL = { preset: 'usFederal' } as const;

beforeAll(async () => {
  ctx = await createTestApp({ now: () => NOW });
  worker = await signUp(ctx.app, { firstName: 'Rosa', lastName: 'Parks' });
  await call('PATCH', '/api/settings', { timeZone: 'America/Chicago' });
});

/** Site A Mon–Wed at $20, site B Thu–Sat at $25, 8 h a day: 24 h at each. */
async function twoSites(prefix: string) {
  const a = await employer(`${prefix} North`, '20.00');
  const b = await employer(`${prefix} South`, '25.00');
  for (const date of WEEK.slice(0, 3)) await shift(a, date);
  for (const date of WEEK.slice(3)) await shift(b, date);
  return { a, b };
}

describe('two sites of one hospital system, counted as one', () => {
  it('grouping pays the week again: 48 h, regular rate $22.50, the last 8 h × $11.25 = $90', async () => {
    const { a, b } = await twoSites('Mercy');
    // Alone, neither has overtime rules, and 24 h is under any threshold.
    expect(await overtimeOf(a)).toBe(0);
    expect(await overtimeOf(b)).toBe(0);
    const res = await call('POST', '/api/employer-groups', {
      name: 'Mercy Health',
      overtime: US_FEDERAL,
      employerIds: [b, a],
    });
    expect(res.statusCode, res.body).toBe(201);
    // Straight time 24 × $20 + 24 × $25 = $480 + $600 = $1,080 for 48 h: $22.50 an hour. The
    // last 8 h in time are Saturday's at B: 8 × 0.5 × $22.50 = $90.00. One shift's pay moved,
    // from $200.00 to $290.00.
    expect(res.json()).toMatchObject({
      name: 'Mercy Health',
      overtime: { preset: 'usFederal', weekly: { overMinutes: 2400, multiplierBp: 15_000 } },
      employerIds: [a, b],
      repaid: { shifts: 1, beforeCents: 20_000, afterCents: 29_000 },
    });
    const saturday = (await logsOf(b)).at(-1)!;
    expect(saturday).toMatchObject({ date: '2026-11-14', overtimeEarnings: '90.00' });
    expect(saturday.payLines).toEqual([
      expect.objectContaining({
        kind: 'overtime',
        basis: 'weekly',
        minutes: 480,
        amountCents: 9_000,
      }),
    ]);
    expect(await overtimeOf(a)).toBe(0);

    // The list is the group with its employers in name order.
    const list = await call('GET', '/api/employer-groups');
    expect(list.json()).toEqual({
      groups: [expect.objectContaining({ name: 'Mercy Health', employerIds: [a, b] })],
    });
  });

  it('a shift saved at one site moves the other site’s overtime in the same week', async () => {
    const { a, b } = await twoSites('Grace');
    const group = await call('POST', '/api/employer-groups', {
      name: 'Grace Health',
      overtime: US_FEDERAL,
      employerIds: [a, b],
    });
    expect(group.statusCode, group.body).toBe(201);
    expect(await overtimeOf(b)).toBeCloseTo(90, 2);
    // Sunday 8 Nov at A, 4 h more, before everything else: 52 h, straight time $1,160,
    // regular rate $22.307…; the last 12 h are over 40: Friday's last 4 h and Saturday's 8,
    // all at B: 12 × 0.5 × $1,160/52 = $133.846… → $133.85.
    await shift(a, '2026-11-08', '08:00', '12:00');
    const atB = await logsOf(b);
    expect(atB.map((log) => log.overtimeEarnings)).toEqual(['0.00', '44.62', '89.23']);
    expect(await overtimeOf(a)).toBe(0);
    // The preview of a shift at A knows B's hours: the dialog says so.
    const preview = await call('POST', '/api/work-logs/pay-preview', {
      employerId: a,
      date: '2026-11-14',
      startTime: '17:00',
      endTime: '19:00',
      breakDuration: 0,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    // 54 h: straight time $1,200 for 54 h = $22.222…; this shift's 2 h are past 40 → 2 × $11.11.
    expect(preview.json()).toMatchObject({
      overtimeCents: 2_222,
      period: { paidMinutes: 54 * 60, groupName: 'Grace Health' },
    });
  });

  it('a rate change at one site previews, and pays, the other site’s overtime that moves with it', async () => {
    const { a, b } = await twoSites('Lake');
    await call('POST', '/api/employer-groups', {
      name: 'Lake Health',
      overtime: US_FEDERAL,
      employerIds: [a, b],
    });
    // A from $20 to $30: its 24 h $480 → $720; the week's straight time $720 + $600 = $1,320
    // for 48 h, $27.50 an hour: Saturday's overtime at B $90 → 8 × $13.75 = $110.
    // 4 shifts: $480 + $290 = $770.00 → $720 + $310 = $1,030.00.
    const change = { hourlyRate: '30.00', applyChange: { from: 'every' } };
    const preview = await call('POST', `/api/employers/${a}/change-preview`, change);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ shifts: 4, beforeCents: 77_000, afterCents: 103_000 });
    expect((await call('PATCH', `/api/employers/${a}`, change)).statusCode).toBe(200);
    const paid = [...(await logsOf(a)), ...(await logsOf(b))].reduce(
      (sum, log) => sum + Math.round(Number(log.earnings) * 100),
      0,
    );
    // Every shift of both: A 3 × $240 + B $200 + $200 + $310.
    expect(paid).toBe(72_000 + 20_000 + 20_000 + 31_000);
  });

  it('the dashboard shows the group as one row, its hours across both sites', async () => {
    const who = await signUp(ctx.app);
    await callApi(ctx.app, 'PATCH', '/api/settings', who, { timeZone: 'America/Chicago' });
    const a = (await addEmployer(ctx.app, who, { name: 'East', hourlyRate: '20' })).id;
    const b = (await addEmployer(ctx.app, who, { name: 'West', hourlyRate: '20' })).id;
    for (const date of ['2026-11-09', '2026-11-10', '2026-11-11']) {
      await addWorkLog(ctx.app, who, { employerId: a, date, startTime: '08:00', endTime: '18:00' });
    }
    await addWorkLog(ctx.app, who, {
      employerId: b,
      date: '2026-11-12',
      startTime: '06:00',
      endTime: '18:00',
    });
    const created = await callApi(ctx.app, 'POST', '/api/employer-groups', who, {
      name: 'One system',
      overtime: US_FEDERAL,
      employerIds: [a, b],
    });
    expect(created.statusCode, created.body).toBe(201);
    const stats = await callApi(ctx.app, 'GET', '/api/dashboard/stats?period=week', who);
    // 30 h + 12 h = 42 h: 2 h overtime at 1.5×, nothing left before the threshold.
    expect(stats.json().overtimeThisWeek).toEqual([
      expect.objectContaining({
        name: 'One system',
        group: { name: 'One system', employers: ['East', 'West'] },
        paidMinutes: 42 * 60,
        overtimeMinutes: 120,
        minutesLeftBeforeThreshold: 0,
      }),
    ]);
  });

  it('the timesheet of one site prints the group’s week and says why', async () => {
    const { a, b } = await twoSites('Hope');
    await call('POST', '/api/employer-groups', {
      name: 'Hope Health',
      overtime: US_FEDERAL,
      employerIds: [a, b],
    });
    const generate = async (format: 'pdf' | 'csv') => {
      const res = await call('POST', '/api/timesheets/generate', {
        format,
        employerId: b,
        startDate: '2026-11-08',
        endDate: '2026-11-14',
      });
      expect(res.statusCode, res.body).toBe(201);
      return (await call('GET', res.json().downloadUrl)).rawPayload;
    };
    const csv = (await generate('csv')).toString('utf8');
    expect(csv).toContain('Hope North and Hope South count together toward overtime (Hope Health)');
    // The week: 48:00 h, $1,080.00 straight time, $22.50 an hour, 8:00 h at 1.5×, $90.00.
    expect(csv).toMatch(/2026-11-08,2026-11-14,48:00,1080\.00,22\.50,.*,8:00,90\.00/);
    const pdf = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], {
      input: await generate('pdf'),
    }).stdout.toString('utf8');
    expect(pdf).toMatch(/48:00\s+\$1,080\.00\s+\$22\.50\/h\s+8:00\s+\$90\.00/);
    expect(pdf.replace(/\s+/g, ' ')).toContain('count together toward overtime (Hope Health)');
  });

  it('taking a site out, or removing the group, pays each alone again', async () => {
    const { a, b } = await twoSites('Saint');
    const c = await employer('Saint East', '30.00');
    const created = (
      await call('POST', '/api/employer-groups', {
        name: 'Saint Health',
        overtime: US_FEDERAL,
        employerIds: [a, b, c],
      })
    ).json();
    expect(await overtimeOf(b)).toBeCloseTo(90, 2);
    const changed = await call('PATCH', `/api/employer-groups/${created.id}`, {
      employerIds: [a, c],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // In name order: Saint East, Saint North.
    expect(changed.json()).toMatchObject({
      employerIds: [c, a],
      repaid: { shifts: 1, beforeCents: 29_000, afterCents: 20_000 },
    });
    expect(await overtimeOf(b)).toBe(0);
    // B is free to join again; deleting the group pays A and C alone (they had no overtime).
    const back = await call('PATCH', `/api/employer-groups/${created.id}`, {
      employerIds: [a, b],
      overtime: { preset: 'california' },
    });
    expect(back.statusCode, back.body).toBe(200);
    const removed = await call('DELETE', `/api/employer-groups/${created.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await overtimeOf(b)).toBe(0);
    expect((await call('GET', '/api/employer-groups')).json().groups).not.toContainEqual(
      expect.objectContaining({ id: created.id }),
    );
  });

  it('deleting a site pays the others without its hours', async () => {
    const { a, b } = await twoSites('Mount');
    await call('POST', '/api/employer-groups', {
      name: 'Mount Health',
      overtime: US_FEDERAL,
      employerIds: [a, b],
    });
    expect(await overtimeOf(b)).toBeCloseTo(90, 2);
    expect((await call('DELETE', `/api/employers/${a}`)).statusCode).toBe(200);
    expect(await overtimeOf(b)).toBe(0);
  });
});

describe('bad input changes nothing', () => {
  it('answers 400, 404 and 409 with a message, and leaves groups and pay as they were', async () => {
    const { a, b } = await twoSites('Bad');
    const snapshot = async () =>
      (
        await ctx.database.db.execute(sql`
          select (select count(*) from employer_groups) as groups,
                 (select count(*) from employer_group_members) as members,
                 (select sum(pay_cents) from work_logs) as pay`)
      ).rows[0];
    const before = await snapshot();
    const cases: [string, object, number, string][] = [
      ['no name', { name: ' ', employerIds: [a, b] }, 400, 'Group name is required'],
      ['one employer', { name: 'G', employerIds: [a] }, 400, 'Choose at least two employers'],
      ['twice', { name: 'G', employerIds: [a, a] }, 400, 'Each employer can be chosen only once'],
      ['bad overtime', { name: 'G', employerIds: [a, b], overtime: { preset: 'x' } }, 400, ''],
      ['missing employer', { name: 'G', employerIds: [a, 2_000_000] }, 404, 'Employer not found'],
    ];
    for (const [label, body, status, message] of cases) {
      const res = await call('POST', '/api/employer-groups', body);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.json().message, label).toContain(message);
    }
    // Another user's employer answers exactly like a missing one.
    const other = await signUp(ctx.app);
    const theirs = (await addEmployer(ctx.app, other, { name: 'Theirs', hourlyRate: '10' })).id;
    const res = await call('POST', '/api/employer-groups', { name: 'G', employerIds: [a, theirs] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'Employer not found' });
    expect(await snapshot()).toEqual(before);

    // An employer is in one group at most; names are unique per user, in any case.
    const first = await call('POST', '/api/employer-groups', {
      name: 'Bad group',
      employerIds: [a, b],
    });
    expect(first.statusCode, first.body).toBe(201);
    const c = await employer('Bad East', '10.00');
    const taken = await call('POST', '/api/employer-groups', {
      name: 'Other',
      employerIds: [b, c],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'Bad South already counts its overtime with Bad group: take it out of that group first',
    );
    const d = await employer('Bad West', '10.00');
    const same = await call('POST', '/api/employer-groups', {
      name: 'BAD GROUP',
      employerIds: [c, d],
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().errors).toEqual({ name: 'You already have a group with this name' });
    // Someone else's group, or none, answers 404 on every route.
    const id = first.json().id;
    for (const [method, url, body] of [
      ['PATCH', `/api/employer-groups/${id}`, { name: 'Mine now' }],
      ['DELETE', `/api/employer-groups/${id}`, undefined],
    ] as const) {
      const theirsRes = await callApi(ctx.app, method, url, other, body);
      expect(theirsRes.statusCode).toBe(404);
      expect(theirsRes.json()).toEqual({ code: 'not_found', message: 'Group not found' });
    }
    expect((await call('PATCH', '/api/employer-groups/2000000', { name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await call('PATCH', `/api/employer-groups/${id}`, {})).statusCode).toBe(400);
    expect((await call('GET', '/api/employer-groups')).json().groups).toContainEqual(
      expect.objectContaining({ id, name: 'Bad group' }),
    );
    expect((await callApi(ctx.app, 'GET', '/api/employer-groups', other)).json()).toEqual({
      groups: [],
    });
  });
});
