// A save pays again only the workweeks it touches (decision 039). Whatever saves, moves and
// deletes happen, in any order, the stored figures of every shift must equal the engine's over
// all of the employer's shifts at once: nothing a save leaves alone may be out of date.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { payEmployer } from '../../../shared/domain/pay-employer.ts';
import { storedLines } from '../../../shared/domain/stored-lines.ts';
import type { OvertimeRuleInput } from '../../../shared/schemas/pay-extras.ts';
import type { WorkLog } from '../../../shared/schemas/work-logs.ts';
import { holidayDatesOf, ruleVersionsOf, shiftsInScope } from '../../db/pay-results.ts';
import { callApi, createTestApp, type Session, signUp, type TestContext } from '../../test/app.ts';
import { addEmployer } from '../../test/factories.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ now: () => new Date('2026-12-01T12:00:00Z') });
});

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
// Three workweeks of November 2026 and the days around them, so shifts cross their edges.
const day = (n: number) => new Date(Date.UTC(2026, 10, 7 + n)).toISOString().slice(0, 10);

const shiftArb = fc.record({
  day: fc.integer({ min: 0, max: 22 }),
  start: fc.integer({ min: 0, max: 95 }).map((q) => q * 15),
  length: fc.integer({ min: 4, max: 56 }).map((q) => q * 15),
  breakDuration: fc.constantFrom(0, 0, 30, 45),
});
const opArb = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('add' as const), shift: shiftArb }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      pick: fc.nat(),
      shift: shiftArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
);

const overtimeArb = fc.constantFrom<OvertimeRuleInput[]>(
  { preset: 'usFederal' },
  { preset: 'california' },
  { preset: 'hospital8and80', period14: { anchorDate: '2026-11-01' } },
  {
    preset: 'custom',
    workweekStartDay: 3,
    workweekStartTime: '06:00',
    daily: [{ overMinutes: 600, multiplierBp: 15_000 }],
    weekly: { overMinutes: 1_800, multiplierBp: 17_500 },
  },
);

describe('stored figures after any saves, moves and deletes', () => {
  it('equal the engine over every shift of the employer', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        overtimeArb,
        fc.array(opArb, { minLength: 4, maxLength: 14 }),
        async (overtime, ops) => {
          run += 1;
          const user: Session = await signUp(ctx.app, {
            firstName: 'Prop',
            lastName: `Run ${run}`,
          });
          const job = await addEmployer(ctx.app, user, {
            name: `Scope ${run}`,
            hourlyRate: '21.37',
            taxMethod: 'none',
            overtime,
            premiums: [
              {
                id: 'n',
                name: 'Nights',
                kind: 'fixed',
                centsPerHour: 133,
                window: { start: '22:00', end: '06:00' },
              },
              { id: 'w', name: 'Weekend', kind: 'percent', basisPoints: 1_250, days: [0, 6] },
            ],
          });
          const ids: number[] = [];
          for (const op of ops) {
            const body = (s: typeof shiftArb extends fc.Arbitrary<infer T> ? T : never) => ({
              employerId: job.id,
              date: day(s.day),
              startTime: hhmm(s.start),
              endTime: hhmm(s.start + s.length),
              breakDuration: s.breakDuration,
              allowOverlap: true,
            });
            if (op.kind === 'add') {
              const res = await callApi(ctx.app, 'POST', '/api/work-logs', user, body(op.shift));
              expect(res.statusCode, res.body).toBe(201);
              ids.push(res.json().id);
            } else if (ids.length > 0) {
              const id = ids[op.pick % ids.length]!;
              if (op.kind === 'move') {
                const res = await callApi(
                  ctx.app,
                  'PATCH',
                  `/api/work-logs/${id}`,
                  user,
                  body(op.shift),
                );
                expect(res.statusCode, res.body).toBe(200);
              } else {
                const res = await callApi(ctx.app, 'DELETE', `/api/work-logs/${id}`, user);
                expect(res.statusCode, res.body).toBe(200);
                ids.splice(ids.indexOf(id), 1);
              }
            }
          }
          const { db } = ctx.database;
          const shifts =
            (await shiftsInScope(db, user.userId, { employerIds: [job.id] })).get(job.id) ?? [];
          const versions = (await ruleVersionsOf(db, user.userId, [job.id])).get(job.id) ?? [];
          const holidays = await holidayDatesOf(db, user.userId, job.id);
          const engine = payEmployer(shifts, versions, holidays);
          const listed = (
            await callApi(ctx.app, 'GET', `/api/work-logs?employerId=${job.id}`, user)
          ).json() as WorkLog[];
          const byId = new Map(listed.map((l) => [l.id, l]));
          expect(listed).toHaveLength(shifts.length);
          for (const figures of engine.shifts) {
            const log = byId.get(figures.id)!;
            const cents = (money: string) => Math.round(Number(money) * 100);
            expect(
              {
                id: log.id,
                total: cents(log.earnings),
                premium: cents(log.premiumEarnings),
                overtime: cents(log.overtimeEarnings),
                lines: log.payLines,
              },
              `${JSON.stringify(overtime)} ${JSON.stringify(ops)}`,
            ).toEqual({
              id: figures.id,
              total: figures.totalPayCents,
              premium: figures.premiumCents,
              overtime: figures.overtimeCents,
              lines: storedLines(figures.extraLines),
            });
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
