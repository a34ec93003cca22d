import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  formatHours,
  formatMoneyString,
  type LogAmounts,
  logAmounts,
  type RoundTime,
  totals,
} from '../../shared/domain/index.ts';
import { roundTimeOptions } from '../../shared/schemas/settings.ts';
import { workLogSchema } from '../../shared/schemas/work-logs.ts';
import { listEmployers } from '../features/employers/employers.repository.ts';
import { listWorkLogsJson, summarizeWorkLogs } from '../features/work-logs/work-logs.repository.ts';
import { createTestApp, type Session, signUp, type TestContext } from '../test/app.ts';
import { employers, settings, workLogs } from './schema/index.ts';

/**
 * The SQL definition of the money rules (log-amounts-sql.ts, used by every list and total)
 * against the TypeScript one (src/shared/domain), on 1,200 random logs per run, under every
 * rounding step: per row, per employer, and for the filtered summary.
 */
const LOGS = 1_200;
const EMPLOYERS = 8;

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** Cents: awkward ones (1¢, 7¢, $33.33, the maximum) as often as ordinary ones. */
const rateCents = fc.oneof(
  fc.constantFrom(1, 7, 5, 50, 3_333, 1_735, 99_999_999, 100_000_000),
  fc.integer({ min: 1, max: 100_000_000 }),
);
const text = fc.string({ maxLength: 40 }).filter((s) => !s.includes('\0'));
const logArb = fc
  .record({
    employer: fc.nat(EMPLOYERS - 1),
    date: fc.integer({ min: 0, max: 2_900 }),
    start: fc.integer({ min: 0, max: 1439 }),
    // Every length from 1 minute to 23:59, overnight shifts included.
    length: fc.integer({ min: 1, max: 1439 }),
    breakShare: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
    rate: fc.oneof(fc.constant(0), rateCents),
    department: fc.boolean(),
    note: fc.option(text, { nil: null }),
  })
  .map((l) => ({
    ...l,
    end: (l.start + l.length) % 1440,
    breakDuration: Math.min(l.length - 1, Math.floor(l.breakShare * l.length) % 240),
  }));
type GeneratedLog = typeof logArb extends fc.Arbitrary<infer T> ? T : never;

/** The listed row's exact shape: a field added on one side only fails the parse. */
const strictRow = workLogSchema
  .extend({ employer: workLogSchema.shape.employer.strict() })
  .strict();

let ctx: TestContext;
let user: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  user = await signUp(ctx.app);
});

const dateOf = (day: number) => new Date(Date.UTC(2020, 0, 1 + day)).toISOString().slice(0, 10);

describe('the SQL money rules', () => {
  it('equal the TypeScript rules for every row and every total, under every rounding', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rateCents, { minLength: EMPLOYERS, maxLength: EMPLOYERS }),
        fc.array(logArb, { minLength: LOGS, maxLength: LOGS }),
        async (rates, logs) => {
          const { db } = ctx.database;
          await db.delete(employers).where(eq(employers.userId, user.userId));
          const made = await db
            .insert(employers)
            .values(
              rates.map((cents, i) => ({
                userId: user.userId,
                name: `Employer ${i}`,
                hourlyRate: formatMoneyString(cents),
                departments: ['Front', 'Back'],
              })),
            )
            .returning({ id: employers.id });
          const inserted = await db
            .insert(workLogs)
            .values(
              logs.map((l) => ({
                userId: user.userId,
                employerId: made[l.employer]!.id,
                date: dateOf(l.date),
                startTime: hhmm(l.start),
                endTime: hhmm(l.end),
                breakDuration: l.breakDuration,
                hourlyRateAtTime: formatMoneyString(l.rate),
                department: l.department ? 'Front' : null,
                note: l.note,
              })),
            )
            .returning({ id: workLogs.id });
          expect(inserted).toHaveLength(LOGS);
          for (const roundTime of roundTimeOptions) {
            await checkRounding(roundTime, rates, logs, inserted, made);
          }
        },
      ),
      { numRuns: 1, endOnFailure: true },
    );
  }, 120_000);
});

async function checkRounding(
  roundTime: RoundTime,
  rates: number[],
  logs: GeneratedLog[],
  ids: { id: number }[],
  made: { id: number }[],
) {
  const { db } = ctx.database;
  await db.update(settings).set({ roundTime }).where(eq(settings.userId, user.userId));
  const expected = new Map<number, LogAmounts & { employer: number }>();
  logs.forEach((l, i) => {
    const amounts = logAmounts(
      {
        startTime: hhmm(l.start),
        endTime: hhmm(l.end),
        breakDuration: l.breakDuration,
        hourlyRateAtTime: l.rate,
        employerRate: rates[l.employer]!,
      },
      roundTime,
    );
    expected.set(ids[i]!.id, { ...amounts, employer: l.employer });
  });

  const listed = JSON.parse(await listWorkLogsJson(db, user.userId, {})) as unknown[];
  const rows = listed.map((row) => strictRow.parse(row));
  expect(rows).toHaveLength(LOGS);
  const fromSql = rows.map((r) => ({ id: r.id, hours: r.hours, earnings: r.earnings }));
  const fromTs = rows.map((r) => {
    const e = expected.get(r.id)!;
    return { id: r.id, hours: formatHours(e.tenths), earnings: formatMoneyString(e.earningsCents) };
  });
  expect(fromSql, `rows under rounding ${roundTime}`).toEqual(fromTs);

  const all = [...expected.values()];
  const perEmployer = await listEmployers(db, user.userId);
  perEmployer.forEach((employer, i) => {
    const t = totals(all.filter((e) => e.employer === i));
    expect({ hours: employer.totalHours, earnings: employer.totalEarnings }).toEqual({
      hours: formatHours(t.tenths),
      earnings: formatMoneyString(t.earningsCents),
    });
  });

  const t = totals(all);
  expect(await summarizeWorkLogs(db, user.userId, {})).toEqual({
    count: LOGS,
    totalHours: formatHours(t.tenths),
    totalEarnings: formatMoneyString(t.earningsCents),
  });
  const first = totals(all.filter((e) => e.employer === 0));
  expect(await summarizeWorkLogs(db, user.userId, { employerId: made[0]!.id })).toEqual({
    count: first.shifts,
    totalHours: formatHours(first.tenths),
    totalEarnings: formatMoneyString(first.earningsCents),
  });
}
