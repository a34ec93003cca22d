// The running timer through the real API and database (decision 044): one per user, kept on the
// server across app restarts, and stopped into a shift by the work-log save itself.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Timer } from '../../../shared/schemas/timer.ts';
import type { WorkLog } from '../../../shared/schemas/work-logs.ts';
import { buildApp } from '../../app.ts';
import {
  callApi,
  createTestApp,
  type Session,
  signUp,
  TEST_APP_SECRET,
  type TestContext,
} from '../../test/app.ts';
import { addEmployer } from '../../test/factories.ts';

// Tuesday 17 November 2026, 9:00 in New York (the new users' zone), moved by each test.
const START = new Date('2026-11-17T14:00:00Z');
let clock = START;
const at = (iso: string) => {
  clock = new Date(iso);
};
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
});

const as = (who: Session) => ({
  get: (url: string) => callApi(ctx.app, 'GET', url, who),
  post: (url: string, body: object = {}) => callApi(ctx.app, 'POST', url, who, body),
  delete: (url: string) => callApi(ctx.app, 'DELETE', url, who),
});

async function worker(employer: { departments?: string[]; timesheetSchedule?: 'weekly' } = {}) {
  const who = await signUp(ctx.app);
  const api = as(who);
  const acme = await addEmployer(ctx.app, who, {
    name: 'Acme Studio',
    hourlyRate: '30.00',
    taxMethod: 'none',
    ...employer,
  });
  const bakery = await addEmployer(ctx.app, who, { name: 'Night Bakery', hourlyRate: '20.00' });
  return { who, api, acme: acme.id, bakery: bakery.id };
}

const timerOf = async (api: ReturnType<typeof as>) => {
  const res = await api.get('/api/timer');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { timer: Timer | null }).timer;
};
const logsOf = async (api: ReturnType<typeof as>) =>
  (await api.get('/api/work-logs')).json() as WorkLog[];

describe('starting, pausing and stopping', () => {
  it('a stopped timer becomes the shift, in the user’s zone, its pauses the break', async () => {
    at('2026-11-17T14:00:20Z'); // 09:00:20 in New York
    const { api, acme } = await worker({ departments: ['Kitchen', 'Bar'] });
    expect(await timerOf(api)).toBeNull();

    const started = await api.post('/api/timer/start', { employerId: acme, department: 'Bar' });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toEqual({
      employerId: acme,
      employerName: 'Acme Studio',
      brandColor: 'blue',
      department: 'Bar',
      startedAt: '2026-11-17T14:00:20.000Z',
      pausedAt: null,
      pausedSeconds: 0,
    });
    expect(await timerOf(api)).toEqual(started.json());

    later(3 * HOUR);
    const paused = await api.post('/api/timer/pause');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().pausedAt).toBe('2026-11-17T17:00:20.000Z');
    expect((await api.post('/api/timer/pause')).json()).toEqual({
      code: 'conflict',
      message: 'The timer is already paused',
    });
    later(30 * MINUTE + 10_000);
    const resumed = await api.post('/api/timer/resume');
    expect(resumed.json()).toMatchObject({ pausedAt: null, pausedSeconds: 30 * 60 + 10 });
    expect((await api.post('/api/timer/resume')).json().message).toBe('The timer is not paused');

    later(4 * HOUR + 29 * MINUTE + 10_000); // 16:59:50
    const stopped = await api.post('/api/timer/stop', { note: 'Inventory' });
    expect(stopped.statusCode, stopped.body).toBe(201);
    expect(stopped.json()).toMatchObject({
      employerId: acme,
      department: 'Bar',
      date: '2026-11-17',
      startTime: '09:00',
      endTime: '17:00',
      breakDuration: 30,
      note: 'Inventory',
      status: 'pending',
      // 7.5 hours at the employer's $30.00.
      earnings: '225.00',
    });
    expect(await timerOf(api)).toBeNull();
    expect(await logsOf(api)).toHaveLength(1);
    expect((await api.post('/api/timer/stop')).json()).toEqual({
      code: 'not_found',
      message: 'No timer is running',
    });
  });

  it('stopped while paused, the shift ends when the pause began; a typed break wins', async () => {
    at('2026-11-18T13:00:00Z'); // 08:00
    const { api, acme } = await worker();
    await api.post('/api/timer/start', { employerId: acme });
    later(2 * HOUR);
    await api.post('/api/timer/pause');
    later(5 * HOUR);
    const stopped = await api.post('/api/timer/stop', { breakMinutes: 15 });
    expect(stopped.json()).toMatchObject({
      startTime: '08:00',
      endTime: '10:00',
      breakDuration: 15,
    });
  });

  it('a shift past midnight keeps the date it started', async () => {
    at('2026-11-19T03:30:00Z'); // 22:30 on the 18th
    const { api, acme } = await worker();
    await api.post('/api/timer/start', { employerId: acme });
    later(4 * HOUR);
    expect((await api.post('/api/timer/stop')).json()).toMatchObject({
      date: '2026-11-18',
      startTime: '22:30',
      endTime: '02:30',
    });
  });

  it('refuses a run under a minute and keeps the timer; discard drops it', async () => {
    at('2026-11-20T14:00:00Z');
    const { api, acme } = await worker();
    await api.post('/api/timer/start', { employerId: acme });
    later(59_000);
    const res = await api.post('/api/timer/stop');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The timer ran for less than a minute: discard it instead of saving a shift',
    );
    expect(await timerOf(api)).not.toBeNull();
    expect((await api.delete('/api/timer')).statusCode).toBe(200);
    expect(await timerOf(api)).toBeNull();
    expect(await logsOf(api)).toEqual([]);
    expect((await api.delete('/api/timer')).json().message).toBe('No timer is running');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    at('2026-11-20T14:00:00Z');
    const { api, acme } = await worker({ departments: ['Kitchen'] });
    const cases: [object, string][] = [
      [{}, 'Please select an employer'],
      [{ employerId: 'x' }, 'Please select an employer'],
      [{ employerId: acme, department: 'Bar' }, "Choose one of Acme Studio's departments"],
    ];
    for (const [body, message] of cases) {
      const res = await api.post('/api/timer/start', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await api.post('/api/timer/start', { employerId: 2_147_000_000 })).json()).toEqual({
      code: 'not_found',
      message: 'Employer not found',
    });
    expect(await timerOf(api)).toBeNull();

    await api.post('/api/timer/start', { employerId: acme });
    later(2 * HOUR);
    for (const [body, message] of [
      [{ endedAt: 'yesterday' }, 'End must be a date and time'],
      [{ endedAt: '2026-11-20T13:00:00Z' }, 'The end must be after the timer started'],
      [{ endedAt: '2026-11-20T18:00:00Z' }, 'The end cannot be in the future'],
      [{ breakMinutes: -5 }, 'Break must be a whole number of minutes'],
      [{ breakMinutes: 120 }, 'Break must be shorter than the shift'],
    ] as const) {
      const res = await api.post('/api/timer/stop', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await timerOf(api)).toMatchObject({ employerId: acme });
    expect(await logsOf(api)).toEqual([]);
  });
});

describe('one timer per user', () => {
  it('a second start answers 409 naming the running one', async () => {
    at('2026-11-20T14:00:00Z');
    const { api, acme, bakery } = await worker();
    expect((await api.post('/api/timer/start', { employerId: acme })).statusCode).toBe(201);
    const again = await api.post('/api/timer/start', { employerId: bakery });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'conflict',
      message: 'A timer is already running for Acme Studio: stop it or switch to another employer',
    });
    expect(await timerOf(api)).toMatchObject({ employerId: acme });
  });

  it('two devices starting at the same moment: one 201, the other 409, never a 500', async () => {
    at('2026-11-20T14:00:00Z');
    const { who, api, acme, bakery } = await worker();
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        api.post('/api/timer/start', { employerId: acme }),
        api.post('/api/timer/start', { employerId: bakery }),
        api.post('/api/timer/start', { employerId: acme }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
      const { count } = (
        await ctx.database.db.execute<{ count: number }>(
          sql`select count(*)::int as count from timers where user_id = ${who.userId}`,
        )
      ).rows[0]!;
      expect(count).toBe(1);
      expect((await api.delete('/api/timer')).statusCode).toBe(200);
    }
  });
});

describe('switching employer', () => {
  it('stops one into a shift and starts the next at the same instant, in one step', async () => {
    at('2026-11-20T14:00:00Z'); // 09:00
    const { api, acme, bakery } = await worker();
    await api.post('/api/timer/start', { employerId: acme });
    later(3 * HOUR);
    const res = await api.post('/api/timer/switch', { employerId: bakery });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      timer: { employerId: bakery, startedAt: '2026-11-20T17:00:00.000Z', pausedSeconds: 0 },
      workLog: { employerId: acme, startTime: '09:00', endTime: '12:00' },
    });
    expect(await timerOf(api)).toMatchObject({ employerId: bakery });
    // Under a minute, the old one is dropped: no shift of seconds.
    later(30_000);
    const quick = await api.post('/api/timer/switch', { employerId: acme });
    expect(quick.json()).toMatchObject({ timer: { employerId: acme }, workLog: null });
    expect(await logsOf(api)).toHaveLength(1);
  });

  it('a refused shift refuses the switch: the old timer keeps running', async () => {
    at('2026-11-20T14:00:00Z');
    const { api, acme, bakery } = await worker();
    await api.post('/api/work-logs', {
      employerId: acme,
      date: '2026-11-20',
      startTime: '10:00',
      endTime: '11:00',
    });
    await api.post('/api/timer/start', { employerId: acme });
    later(2 * HOUR);
    const res = await api.post('/api/timer/switch', { employerId: bakery });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('work_log_overlap');
    expect(await timerOf(api)).toMatchObject({ employerId: acme });
  });
});

describe('the same save as the work-log dialog', () => {
  it('an overlap is refused as the dialog refuses it, and saved once confirmed', async () => {
    at('2026-11-20T14:00:00Z'); // 09:00
    const { api, acme } = await worker();
    const typed = await api.post('/api/work-logs', {
      employerId: acme,
      date: '2026-11-20',
      startTime: '10:00',
      endTime: '11:00',
    });
    const dialog = await api.post('/api/work-logs', {
      employerId: acme,
      date: '2026-11-20',
      startTime: '09:00',
      endTime: '12:00',
    });
    expect(typed.statusCode).toBe(201);
    expect(dialog.statusCode).toBe(409);

    await api.post('/api/timer/start', { employerId: acme });
    later(3 * HOUR);
    const refused = await api.post('/api/timer/stop');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(dialog.json());
    expect(await timerOf(api)).toMatchObject({ employerId: acme });

    const confirmed = await api.post('/api/timer/stop', { allowOverlap: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await timerOf(api)).toBeNull();
  });

  it('a closed pay period refuses the stop with 409 period_closed and keeps the timer', async () => {
    at('2026-11-17T14:00:00Z'); // Tuesday, 09:00
    const { api, acme } = await worker();
    await api.post('/api/timer/start', { employerId: acme });
    // Forgotten for over a week; the week (from Sunday 15 Nov) is closed meanwhile.
    at('2026-11-26T17:00:00Z');
    const closed = await api.post('/api/payments/periods/close', {
      employerId: acme,
      periodStart: '2026-11-15',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const res = await api.post('/api/timer/stop', { endedAt: '2026-11-17T22:00:00Z' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'period_closed' });
    expect(await timerOf(api)).toMatchObject({ employerId: acme });
    expect(await logsOf(api)).toEqual([]);
  });

  it('left running past 16 hours, a stop needs the real end', async () => {
    at('2026-11-20T14:00:00Z');
    const { api, acme } = await worker();
    await api.post('/api/timer/start', { employerId: acme });
    later(16 * HOUR + MINUTE);
    const res = await api.post('/api/timer/stop');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'The timer has been running for more than 16 hours: say when the shift really ended',
      errors: {
        endedAt:
          'The timer has been running for more than 16 hours: say when the shift really ended',
      },
    });
    expect((await api.post('/api/timer/switch', { employerId: acme })).statusCode).toBe(400);
    expect(await timerOf(api)).not.toBeNull();
    const stopped = await api.post('/api/timer/stop', { endedAt: '2026-11-20T17:00:00-05:00' });
    expect(stopped.statusCode, stopped.body).toBe(201);
    expect(stopped.json()).toMatchObject({ startTime: '09:00', endTime: '17:00' });
  });

  it('a day or more cannot be one shift', async () => {
    at('2026-11-20T14:00:00Z');
    const { api, acme } = await worker();
    await api.post('/api/timer/start', { employerId: acme });
    later(30 * HOUR);
    const res = await api.post('/api/timer/stop', { endedAt: '2026-11-21T14:00:00Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A shift must be shorter than 24 hours: choose an earlier end');
  });
});

describe('kept on the server', () => {
  it('survives the app being built again on the same database', async () => {
    at('2026-11-20T14:00:00Z');
    const { who, api, acme } = await worker();
    await api.post('/api/timer/start', { employerId: acme });
    const again = await buildApp({
      database: ctx.database,
      secret: TEST_APP_SECRET,
      version: 'test',
      clientDir: '/nonexistent',
      now: () => clock,
    });
    try {
      later(HOUR);
      const res = await callApi(again, 'GET', '/api/timer', who);
      expect(res.json()).toMatchObject({
        timer: { employerId: acme, startedAt: '2026-11-20T14:00:00.000Z' },
      });
      const stopped = await callApi(again, 'POST', '/api/timer/stop', who, {});
      expect(stopped.statusCode, stopped.body).toBe(201);
    } finally {
      await again.close();
    }
  });

  it('its changes raise the data version, so a device asking again learns of them', async () => {
    at('2026-11-20T14:00:00Z');
    const { who, api, acme } = await worker();
    const first = await api.get('/api/timer');
    const etag = first.headers.etag as string;
    const unchanged = await ctx.app.inject({
      method: 'GET',
      url: '/api/timer',
      headers: { cookie: who.cookie, 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    await api.post('/api/timer/start', { employerId: acme });
    const changed = await ctx.app.inject({
      method: 'GET',
      url: '/api/timer',
      headers: { cookie: who.cookie, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().timer).toMatchObject({ employerId: acme });
  });

  it('goes with its employer when the employer is deleted', async () => {
    at('2026-11-20T14:00:00Z');
    const { api, acme } = await worker();
    await api.post('/api/timer/start', { employerId: acme });
    expect((await api.delete(`/api/employers/${acme}`)).statusCode).toBe(200);
    expect(await timerOf(api)).toBeNull();
  });
});

describe('another user', () => {
  it('cannot start a timer for my employer, nor see or stop mine', async () => {
    at('2026-11-20T14:00:00Z');
    const mine = await worker();
    const theirs = await worker();
    await mine.api.post('/api/timer/start', { employerId: mine.acme });
    const res = await theirs.api.post('/api/timer/start', { employerId: mine.acme });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'Employer not found' });
    expect(await timerOf(theirs.api)).toBeNull();
    later(HOUR);
    expect((await theirs.api.post('/api/timer/stop')).statusCode).toBe(404);
    expect(
      (await theirs.api.post('/api/timer/switch', { employerId: mine.bakery })).json(),
    ).toEqual({ code: 'not_found', message: 'Employer not found' });
    expect(await timerOf(mine.api)).toMatchObject({ employerId: mine.acme });
  });
});
