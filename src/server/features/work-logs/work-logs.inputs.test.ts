import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '../../../shared/schemas/common.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer, addWorkLog } from '../../test/factories.ts';

let ctx: TestContext;
let alice: Session;
let cafe: { id: number };
beforeAll(async () => {
  ctx = await createTestApp();
  alice = await signUp(ctx.app);
  cafe = await addEmployer(ctx.app, alice, { name: 'Café Crème', hourlyRate: '20' });
  await addEmployer(ctx.app, alice, { name: 'Bakery', hourlyRate: '20' });
});

const shift = { date: '2026-03-02', startTime: '09:00', endTime: '17:00' };

describe('work-log notes', () => {
  it('keeps an optional note, lists it, and clears it with an empty one', async () => {
    const log = await addWorkLog(ctx.app, alice, {
      ...shift,
      employerId: cafe.id,
      note: '  Covered for Sam  ',
    });
    expect(log.note).toBe('Covered for Sam');
    const listed = (await callApi(ctx.app, 'GET', '/api/work-logs', alice)).json();
    expect(listed.find((l: { id: number }) => l.id === log.id).note).toBe('Covered for Sam');
    const cleared = await callApi(ctx.app, 'PATCH', `/api/work-logs/${log.id}`, alice, {
      note: '',
    });
    expect(cleared.json().note).toBeNull();
    const plain = await addWorkLog(ctx.app, alice, { ...shift, employerId: cafe.id });
    expect(plain.note).toBeNull();
  });

  it('refuses a note over 1,000 characters with a message and saves nothing', async () => {
    const before = (await callApi(ctx.app, 'GET', '/api/work-logs/summary', alice)).json().count;
    const res = await callApi(ctx.app, 'POST', '/api/work-logs', alice, {
      ...shift,
      employerId: cafe.id,
      note: 'x'.repeat(1001),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ note: 'Note must be at most 1,000 characters' });
    const after = (await callApi(ctx.app, 'GET', '/api/work-logs/summary', alice)).json().count;
    expect(after).toBe(before);
  });
});

/** The employer names of the logs a search lists. */
async function namesFound(search: string): Promise<string[]> {
  const url = `/api/work-logs?search=${encodeURIComponent(search)}`;
  const res = await callApi(ctx.app, 'GET', url, alice);
  return [
    ...new Set<string>(res.json().map((l: { employer: { name: string } }) => l.employer.name)),
  ];
}

describe('work-log search', () => {
  it('ignores case and accents on both sides', async () => {
    await addWorkLog(ctx.app, alice, { ...shift, employerId: cafe.id, date: '2026-04-01' });
    for (const search of ['cafe', 'CAFÉ', 'crème', 'CREME', 'é c']) {
      expect(await namesFound(search), search).toEqual(['Café Crème']);
    }
  });

  it('ignores case in every alphabet, whatever the database locale', async () => {
    const clinic = await addEmployer(ctx.app, alice, { name: 'ÄRZTE ПРАКТИКА', hourlyRate: '20' });
    await addWorkLog(ctx.app, alice, { ...shift, employerId: clinic.id, date: '2026-04-02' });
    for (const search of ['ärzte', 'практика', 'Arzte']) {
      expect(await namesFound(search), search).toEqual(['ÄRZTE ПРАКТИКА']);
    }
  });

  it('treats % and _ as the characters they are', async () => {
    for (const search of ['%', '_', '\\']) {
      expect(await namesFound(search), search).toEqual([]);
    }
  });
});

describe('ids out of range', () => {
  const huge = [MAX_ID + 1, 2 ** 53, '99999999999999999999999'];

  it('answers 400 with a message for ids in paths, filters and bodies, never 500', async () => {
    for (const id of huge) {
      for (const [method, url, body] of [
        ['PATCH', `/api/work-logs/${id}`, { note: 'x' }],
        ['DELETE', `/api/work-logs/${id}`, undefined],
        ['PATCH', `/api/employers/${id}`, { name: 'x' }],
        ['DELETE', `/api/employers/${id}`, undefined],
        ['GET', `/api/work-logs?employerId=${id}`, undefined],
        ['GET', `/api/work-logs/summary?offset=${id}`, undefined],
        ['POST', '/api/work-logs', { ...shift, employerId: id }],
      ] as const) {
        const res = await callApi(ctx.app, method, url, alice, body);
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().message).toMatch(
          /^(Invalid (work log |employer )?id|Please select an employer|Offset must be a whole number from 0)$/,
        );
      }
    }
  });

  it('answers 404 for the largest id there can be', async () => {
    const res = await callApi(ctx.app, 'PATCH', `/api/work-logs/${MAX_ID}`, alice, { note: 'x' });
    expect(res.statusCode).toBe(404);
  });
});

describe('saving while the employer is deleted', () => {
  it('answers 201 or 404, never 500, and leaves no log behind the deleted employer', async () => {
    for (let round = 0; round < 8; round++) {
      const doomed = await addEmployer(ctx.app, alice, {
        name: `Doomed ${round}`,
        hourlyRate: '10',
      });
      const saves = Array.from({ length: 6 }, () =>
        callApi(ctx.app, 'POST', '/api/work-logs', alice, {
          ...shift,
          employerId: doomed.id,
          // The same shift six times: confirmed, as this is about the employer going away.
          allowOverlap: true,
        }),
      );
      const removal = callApi(ctx.app, 'DELETE', `/api/employers/${doomed.id}`, alice);
      const answers = await Promise.all([...saves, removal]);
      for (const res of answers.slice(0, -1))
        expect([201, 404], res.body).toContain(res.statusCode);
      expect(answers.at(-1)!.statusCode).toBe(200);
      const left = await callApi(
        ctx.app,
        'GET',
        `/api/work-logs/summary?employerId=${doomed.id}`,
        alice,
      );
      expect(left.json().count).toBe(0);
    }
  });
});

describe('the rules of docs/product/money.md#worked-minutes', () => {
  const save = (body: object) =>
    callApi(ctx.app, 'POST', '/api/work-logs', alice, {
      employerId: cafe.id,
      date: '2026-05-01',
      ...body,
    });

  it('refuses a shift whose end equals its start', async () => {
    const res = await save({ startTime: '09:00', endTime: '09:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ endTime: 'End time must be different from start time' });
  });

  it('refuses a break as long as the shift', async () => {
    const res = await save({ startTime: '09:00', endTime: '10:00', breakDuration: 60 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ breakDuration: 'Break must be shorter than the shift' });
  });

  it('keeps an overnight shift on the date it starts', async () => {
    const res = await save({ date: '2026-12-31', startTime: '22:00', endTime: '06:00' });
    expect(res.json()).toMatchObject({ date: '2026-12-31', hours: '8.0', earnings: '160.00' });
  });
});
