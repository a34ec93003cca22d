import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateWorkLogBody } from '../../../shared/schemas/work-logs.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer } from '../../test/factories.ts';

/**
 * A shift that overlaps another of the same employer would be billed twice: the server asks
 * (409 work_log_overlap, naming the other shift) unless the request says the user confirmed.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

type Person = { who: Session; employerId: number; otherEmployerId: number };

/** A new user with two employers, so each test starts with no shifts. */
async function person(): Promise<Person> {
  const who = await signUp(ctx.app);
  const [diner, studio] = await Promise.all([
    addEmployer(ctx.app, who, { name: 'Blue Diner', hourlyRate: '20.00' }),
    addEmployer(ctx.app, who, { name: 'Northside Studio', hourlyRate: '30.00' }),
  ]);
  return { who, employerId: diner.id, otherEmployerId: studio.id };
}

const shiftOf = (p: Person, over: Partial<CreateWorkLogBody> = {}): CreateWorkLogBody => ({
  employerId: p.employerId,
  date: '2026-03-02',
  startTime: '09:00',
  endTime: '17:00',
  ...over,
});

const create = (p: Person, over: Partial<CreateWorkLogBody> = {}) =>
  callApi(ctx.app, 'POST', '/api/work-logs', p.who, shiftOf(p, over));

async function created(p: Person, over: Partial<CreateWorkLogBody> = {}) {
  const res = await create(p, over);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; startTime: string; endTime: string; note: string | null };
}

const count = async (p: Person) =>
  (await callApi(ctx.app, 'GET', '/api/work-logs', p.who)).json().length as number;

describe('saving a shift that overlaps another of the same employer', () => {
  it('saves shifts that do not overlap, and shifts that only touch end to start', async () => {
    const p = await person();
    await created(p);
    await created(p, { startTime: '17:00', endTime: '20:00' });
    await created(p, { startTime: '06:00', endTime: '09:00' });
    await created(p, { date: '2026-03-03' });
    expect(await count(p)).toBe(4);
  });

  it('answers 409 naming the other shift for a duplicate, and stores nothing', async () => {
    const p = await person();
    await created(p);
    const res = await create(p);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'work_log_overlap',
      message:
        'Your Blue Diner shift on Mon, Mar 2, 2026, 9:00 AM – 5:00 PM overlaps this one; saving both would bill those hours twice.',
    });
    expect(await count(p)).toBe(1);
  });

  it('answers 409 for a shift that starts inside another or holds it', async () => {
    const p = await person();
    await created(p);
    expect((await create(p, { startTime: '16:59', endTime: '18:00' })).statusCode).toBe(409);
    expect((await create(p, { startTime: '08:00', endTime: '09:01' })).statusCode).toBe(409);
    expect((await create(p, { startTime: '07:00', endTime: '19:00' })).statusCode).toBe(409);
    expect((await create(p, { startTime: '12:00', endTime: '12:30' })).statusCode).toBe(409);
    expect(await count(p)).toBe(1);
  });

  it('saves the overlapping shift once the request says the user confirmed it', async () => {
    const p = await person();
    await created(p);
    const res = await create(p, { allowOverlap: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).not.toHaveProperty('allowOverlap');
    expect(await count(p)).toBe(2);
    // allowOverlap: false is the same as not sending it.
    expect((await create(p, { allowOverlap: false })).statusCode).toBe(409);
  });

  it('counts an overnight shift across midnight, both ways round', async () => {
    const p = await person();
    await created(p, { startTime: '22:00', endTime: '06:30' });
    const next = await create(p, { date: '2026-03-03', startTime: '05:00', endTime: '09:00' });
    expect(next.statusCode).toBe(409);
    expect(next.json().message).toBe(
      'Your Blue Diner shift on Mon, Mar 2, 2026, 10:00 PM – 6:30 AM (+1 day) overlaps this one; saving both would bill those hours twice.',
    );
    // A shift ending as the overnight one starts touches it, and one starting as it ends too.
    await created(p, { startTime: '18:00', endTime: '22:00' });
    await created(p, { date: '2026-03-03', startTime: '06:30', endTime: '09:00' });

    const q = await person();
    await created(q, { date: '2026-03-03', startTime: '05:00', endTime: '09:00' });
    expect((await create(q, { startTime: '22:00', endTime: '06:30' })).statusCode).toBe(409);
    // Two overnight shifts on following nights do not overlap.
    await created(q, { date: '2026-03-04', startTime: '22:00', endTime: '06:00' });
    await created(q, { date: '2026-03-05', startTime: '22:00', endTime: '06:00' });
  });

  it('saves one of the same shift sent several times at once, and asks about the rest', async () => {
    const p = await person();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(p)));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes, answers.map((res) => res.body).join('\n')).toEqual([201, 409, 409, 409, 409]);
    expect(await count(p)).toBe(1);
  });

  it("never counts another employer's shifts or another user's", async () => {
    const p = await person();
    const other = await person();
    await created(p);
    await created(p, { employerId: p.otherEmployerId });
    await created(other);
    expect(await count(p)).toBe(2);
    expect(await count(other)).toBe(1);
  });

  it("names the other shift in the user's own time format", async () => {
    const p = await person();
    const settings = { timeFormat: '24-hour' };
    const saved = await callApi(ctx.app, 'PATCH', '/api/settings/general', p.who, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    await created(p, { startTime: '22:00', endTime: '06:30' });
    const res = await create(p, { startTime: '23:00', endTime: '23:30' });
    expect(res.json().message).toBe(
      'Your Blue Diner shift on Mon, Mar 2, 2026, 22:00 – 06:30 (+1 day) overlaps this one; saving both would bill those hours twice.',
    );
  });

  it('refuses a non-boolean confirmation with a message', async () => {
    const p = await person();
    const res = await callApi(ctx.app, 'POST', '/api/work-logs', p.who, {
      ...shiftOf(p),
      allowOverlap: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Overlap confirmation must be true or false');
  });
});

describe('editing a shift so it overlaps another of the same employer', () => {
  const patch = (p: Person, id: number, body: object) =>
    callApi(ctx.app, 'PATCH', `/api/work-logs/${id}`, p.who, body);

  it('does not count the edited shift against itself', async () => {
    const p = await person();
    const log = await created(p);
    const res = await patch(p, log.id, { startTime: '08:00', endTime: '18:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ startTime: '08:00', endTime: '18:00' });
  });

  it('answers 409 when the edit moves the shift onto another, and changes nothing', async () => {
    const p = await person();
    await created(p);
    const later = await created(p, { startTime: '18:00', endTime: '22:00' });
    const res = await patch(p, later.id, { startTime: '16:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'work_log_overlap' });
    expect(res.json().message).toContain('Mon, Mar 2, 2026, 9:00 AM – 5:00 PM');
    const stored = (await callApi(ctx.app, 'GET', '/api/work-logs', p.who)).json();
    expect(stored.find((l: { id: number }) => l.id === later.id)).toMatchObject({
      startTime: '18:00',
      endTime: '22:00',
    });

    const moved = await created(p, { employerId: p.otherEmployerId });
    expect((await patch(p, moved.id, { employerId: p.employerId })).statusCode).toBe(409);
    const nextDay = await created(p, { date: '2026-03-03', startTime: '01:00', endTime: '02:00' });
    const overnight = await patch(p, nextDay.id, { date: '2026-03-02', endTime: '10:00' });
    expect(overnight.statusCode).toBe(409);
  });

  it('saves the edit once confirmed, and a later note change does not ask again', async () => {
    const p = await person();
    await created(p);
    const later = await created(p, { startTime: '18:00', endTime: '22:00' });
    const res = await patch(p, later.id, { startTime: '16:00', allowOverlap: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ startTime: '16:00', endTime: '22:00' });
    const noted = await patch(p, later.id, { note: 'Stayed on for the rush' });
    expect(noted.statusCode, noted.body).toBe(200);
    // The dialog sends every field again: unchanged times do not ask again either.
    const resent = await patch(p, later.id, {
      ...shiftOf(p),
      startTime: '16:00',
      endTime: '22:00',
    });
    expect(resent.statusCode, resent.body).toBe(200);
  });

  it("does not count another user's shifts, and another user's log is still a 404", async () => {
    const p = await person();
    const other = await person();
    await created(other);
    const log = await created(p, { startTime: '18:00', endTime: '22:00' });
    expect((await patch(p, log.id, { startTime: '09:00' })).statusCode).toBe(200);
    const theirs = await created(other, { date: '2026-03-04' });
    const res = await patch(p, theirs.id, { startTime: '10:00', allowOverlap: true });
    expect(res.statusCode).toBe(404);
  });

  it('still says there is nothing to update when only the confirmation is sent', async () => {
    const p = await person();
    const log = await created(p);
    const res = await patch(p, log.id, { allowOverlap: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Nothing to update');
  });
});
