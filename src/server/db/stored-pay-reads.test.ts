import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyTax, formatHours, formatMoneyString } from '../../shared/domain/index.ts';
import {
  type PayResult,
  type PayRules,
  type PayShift,
  payPrecisions,
  payShifts,
  roundingDirections,
  roundingSteps,
} from '../../shared/domain/pay-engine.ts';
import {
  payByVersion,
  type RuleVersion,
  taxByRegime,
  type VersionedShiftPay,
  versionOn,
} from '../../shared/domain/pay-rule-versions.ts';
import { formatHundredths, toHundredths } from '../../shared/domain/pay-text.ts';
import { taxCalculations } from '../../shared/schemas/settings.ts';
import { workLogSchema } from '../../shared/schemas/work-logs.ts';
import { exportedWorkLogs } from '../features/account/account-export.repository.ts';
import { hoursByDay, periodTotals } from '../features/dashboard/dashboard.repository.ts';
import { replaceVersions } from '../features/employers/employer-pay-rules.repository.ts';
import { listEmployers } from '../features/employers/employers.repository.ts';
import { logForPage } from '../features/notion/notion.repository.ts';
import { buildReportModel, ruleSetsFor } from '../features/timesheets/report-model.ts';
import { hoursText } from '../features/timesheets/report-text.ts';
import { reportRows } from '../features/timesheets/timesheets.repository.ts';
import { listWorkLogsJson, summarizeWorkLogs } from '../features/work-logs/work-logs.repository.ts';
import { createTestApp, type Session, signUp, type TestContext } from '../test/app.ts';
import { recomputePay } from './pay-results.ts';
import { employers, workLogs } from './schema/index.ts';

/**
 * Every screen and document reads the figures the pay engine stored with each log, and SQL
 * only sums them. On 1,200 random logs across 8 employers, under every combination of
 * rounding step, direction and precision (and every tax method), each read path must show
 * exactly what the engine computes from the shifts and the employer's rules.
 */
const LOGS = 1_200;
const EMPLOYERS = 8;
const ZONES = ['America/Chicago', 'Europe/Berlin', 'Asia/Tokyo', 'UTC'];

const combos = roundingSteps.flatMap((roundingStep) =>
  roundingDirections.flatMap((roundingDirection) =>
    payPrecisions.map((precision) => ({ roundingStep, roundingDirection, precision })),
  ),
);

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const rateCents = fc.oneof(
  fc.constantFrom(1, 7, 5, 50, 3_100, 3_333, 1_735, 99_999_999),
  fc.integer({ min: 1, max: 100_000_000 }),
);
const logArb = fc
  .record({
    employer: fc.nat(EMPLOYERS - 1),
    date: fc.integer({ min: 0, max: 2_900 }),
    start: fc.integer({ min: 0, max: 1439 }),
    length: fc.integer({ min: 1, max: 1439 }),
    breakShare: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
    rate: fc.oneof(fc.constant(0), rateCents),
    zone: fc.constantFrom(...ZONES),
    department: fc.boolean(),
  })
  .map((l) => ({
    ...l,
    end: (l.start + l.length) % 1440,
    breakDuration: Math.min(l.length - 1, Math.floor(l.breakShare * l.length) % 240),
  }));
type GeneratedLog = typeof logArb extends fc.Arbitrary<infer T> ? T : never;

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
const ALL = { from: dateOf(0), to: dateOf(2_900) };

describe('what every screen and document reads', () => {
  it('equals the engine for every row and total, under every rule combination', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rateCents, { minLength: EMPLOYERS, maxLength: EMPLOYERS }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), {
          minLength: EMPLOYERS,
          maxLength: EMPLOYERS,
        }),
        fc.array(logArb, { minLength: LOGS, maxLength: LOGS }),
        async (rates, taxes, logs) => {
          const { db } = ctx.database;
          await db.delete(employers).where(eq(employers.userId, user.userId));
          const made = await db
            .insert(employers)
            .values(
              rates.map((cents, i) => ({
                userId: user.userId,
                name: `Employer ${i}`,
                hourlyRate: formatMoneyString(cents),
                taxRate: formatMoneyString(taxes[i]!),
                taxMethod: taxCalculations[i % taxCalculations.length]!,
                departments: ['Front', 'Back'],
              })),
            )
            .returning({ id: employers.id });
          const ids = await db
            .insert(workLogs)
            .values(
              logs.map((l) => ({
                userId: user.userId,
                employerId: made[l.employer]!.id,
                date: dateOf(l.date),
                startTime: hhmm(l.start),
                endTime: hhmm(l.end),
                breakDuration: l.breakDuration,
                timeZone: l.zone,
                hourlyRateAtTime: formatMoneyString(l.rate),
                department: l.department ? 'Front' : null,
              })),
            )
            .returning({ id: workLogs.id });
          // Each round gives the employers the next eight combinations, so all 36 are read.
          for (let round = 0; round * EMPLOYERS < combos.length; round += 1) {
            const rules = made.map((_, i) => ({
              ...combos[(round * EMPLOYERS + i) % combos.length]!,
              taxMethod: taxCalculations[(round + i) % taxCalculations.length]!,
              taxBasisPoints: taxes[i]!,
              rates: [{ effectiveFrom: null, rateCents: rates[i]! }],
            }));
            for (const [i, { id }] of made.entries()) {
              await db
                .update(employers)
                .set({
                  roundingStep: rules[i]!.roundingStep,
                  roundingDirection: rules[i]!.roundingDirection,
                  payPrecision: rules[i]!.precision,
                  taxMethod: rules[i]!.taxMethod,
                })
                .where(eq(employers.id, id));
            }
            await recomputePay(db, user.userId, { employerIds: made.map((e) => e.id) });
            await checkReads(rules, logs, ids, made, `round ${round}`);
          }
          // Then rules with dates: each employer's rate, rounding and tax change half-way.
          const versions = made.map((_, i): RuleVersion[] => {
            const first = combos[i % combos.length]!;
            const later = combos[(i * 5 + 3) % combos.length]!;
            return [
              {
                effectiveFrom: null,
                rateCents: rates[i]!,
                roundingStep: first.roundingStep,
                roundingDirection: first.roundingDirection,
                payPrecision: first.precision,
                taxMethod: taxCalculations[i % taxCalculations.length]!,
                taxBasisPoints: taxes[i]!,
              },
              {
                effectiveFrom: dateOf(1_450),
                rateCents: rates[(i + 1) % EMPLOYERS]!,
                roundingStep: later.roundingStep,
                roundingDirection: later.roundingDirection,
                payPrecision: later.precision,
                taxMethod: taxCalculations[(i + 1) % taxCalculations.length]!,
                taxBasisPoints: (taxes[i]! + 777) % 10_001,
              },
            ];
          });
          for (const [i, { id }] of made.entries()) {
            await replaceVersions(db, user.userId, id, versions[i]!);
          }
          await recomputePay(db, user.userId, { employerIds: made.map((e) => e.id) });
          await checkDatedReads(versions, logs, ids, made);
        },
      ),
      { numRuns: 1, endOnFailure: true },
    );
  }, 180_000);
});

/** Under dated versions: rows by the version of their date, tax by the tax of their date. */
async function checkDatedReads(
  versions: RuleVersion[][],
  logs: GeneratedLog[],
  ids: { id: number }[],
  made: { id: number }[],
) {
  const { db } = ctx.database;
  const byEmployer = made.map((_, e) => payByVersion(shiftsOf(e, logs, ids), versions[e]!));
  const shiftOf = new Map(byEmployer.flatMap((list) => list.map((s) => [s.id, s] as const)));
  const listed = JSON.parse(await listWorkLogsJson(db, user.userId, {})) as {
    id: number;
    earnings: string;
  }[];
  expect(
    listed.map((r) => r.earnings),
    'list rows, dated',
  ).toEqual(listed.map((r) => formatMoneyString(shiftOf.get(r.id)!.payCents)));

  const periods = await periodTotals(db, user.userId, ALL, ALL);
  for (const [e, { id }] of made.entries()) {
    const engine = taxByRegime(byEmployer[e]!.map((s) => ({ ...s, grossCents: s.payCents })));
    const rows = periods.filter((p) => p.employerId === id && p.current);
    const dashboard = rows.map((r) => ({
      taxMethod: r.taxMethod,
      taxBasisPoints: r.taxBasisPoints,
      ...applyTax(r.cents, r.taxBasisPoints, r.taxMethod),
    }));
    const order = (list: { taxMethod: string; taxBasisPoints: number }[]) =>
      [...list].sort((a, b) =>
        `${a.taxMethod}${a.taxBasisPoints}`.localeCompare(`${b.taxMethod}${b.taxBasisPoints}`),
      );
    expect(order(dashboard), `dashboard, employer ${e}, dated`).toEqual(order(engine.regimes));

    // A sheet starting in the middle of the first version, ending in the middle of the second.
    const part = { from: dateOf(1_000), to: dateOf(2_000) };
    const partRows = await reportRows(db, user.userId, id, part);
    const partModel = sheetOf(partRows, part, ruleSetsFor(versions[e]!, part));
    const inPart = byEngineInRange(byEmployer[e]!, logs, ids, part);
    const partTax = taxByRegime(inPart.map((s) => ({ ...s, grossCents: s.payCents })));
    expect(
      [partModel.totals.grossCents, partModel.totals.taxCents, partModel.totals.totalCents],
      `timesheet part totals, employer ${e}, dated`,
    ).toEqual([partTax.grossCents, partTax.taxCents, partTax.totalCents]);
    // Each row's hours to the places of the rules of its own date: 1 under tenths, else 2.
    for (const row of partRows) {
      const places = versionOn(row.date, versions[e]!).payPrecision === 'tenths' ? 1 : 2;
      expect(hoursText(partModel, row.hundredths, row.date), `row places ${row.date}`).toBe(
        formatHundredths(row.hundredths, places),
      );
    }

    const rowsOfSheet = await reportRows(db, user.userId, id, ALL);
    if (rowsOfSheet.length === 0) continue;
    const model = sheetOf(rowsOfSheet, ALL, ruleSetsFor(versions[e]!, ALL));
    expect(
      [model.totals.grossCents, model.totals.taxCents, model.totals.totalCents],
      `timesheet totals, employer ${e}, dated`,
    ).toEqual([engine.grossCents, engine.taxCents, engine.totalCents]);
  }
}

/** Employer `e`'s generated logs as the engine takes them. */
function shiftsOf(e: number, logs: GeneratedLog[], ids: { id: number }[]): PayShift[] {
  return logs.flatMap((l, i) =>
    l.employer === e
      ? [
          {
            id: ids[i]!.id,
            date: dateOf(l.date),
            startTime: hhmm(l.start),
            endTime: hhmm(l.end),
            breakDuration: l.breakDuration,
            timeZone: l.zone,
            ownRateCents: l.rate,
          },
        ]
      : [],
  );
}

/** A timesheet's model of these rows over the range, under these rule sets. */
function sheetOf(
  rows: Awaited<ReturnType<typeof reportRows>>,
  range: { from: string; to: string },
  ruleSets: ReturnType<typeof ruleSetsFor>,
) {
  return buildReportModel({
    user: { name: 'A', email: 'a@example.com' },
    employer: { name: 'E', contactEmail: null, phone: null, address: null, brandColor: 'blue' },
    startDate: range.from,
    endDate: range.to,
    dueDate: range.to,
    generatedOn: range.to,
    timeZone: 'UTC',
    timeFormat: '24-hour',
    currency: 'USD',
    ruleSets,
    includeNotes: false,
    includeSummary: true,
    rows,
  });
}

/** The engine's shifts of one employer dated within the range. */
function byEngineInRange(
  shifts: VersionedShiftPay[],
  logs: GeneratedLog[],
  ids: { id: number }[],
  range: { from: string; to: string },
) {
  const dateById = new Map(logs.map((l, i) => [ids[i]!.id, dateOf(l.date)]));
  return shifts.filter((s) => {
    const date = dateById.get(s.id)!;
    return date >= range.from && date <= range.to;
  });
}

async function checkReads(
  rules: PayRules[],
  logs: GeneratedLog[],
  ids: { id: number }[],
  made: { id: number }[],
  what: string,
) {
  const { db } = ctx.database;
  const byEmployer: PayResult[] = made.map((_, e) =>
    payShifts(shiftsOf(e, logs, ids), rules[e]!, 'stored'),
  );
  const shiftOf = new Map(byEmployer.flatMap((r) => r.shifts.map((s) => [s.id, s] as const)));

  const listed = (JSON.parse(await listWorkLogsJson(db, user.userId, {})) as unknown[]).map((row) =>
    strictRow.parse(row),
  );
  expect(listed).toHaveLength(LOGS);
  expect(
    listed.map((r) => ({ id: r.id, hours: r.hours, earnings: r.earnings })),
    `list rows, ${what}`,
  ).toEqual(
    listed.map((r) => ({
      id: r.id,
      hours: formatHours(shiftOf.get(r.id)!.tenths),
      earnings: formatMoneyString(shiftOf.get(r.id)!.payCents),
    })),
  );

  const cards = await listEmployers(db, user.userId);
  expect(
    cards.map((c) => [c.totalHours, c.totalEarnings]),
    `employer cards, ${what}`,
  ).toEqual(
    byEmployer.map((r) => [formatHours(r.totals.tenths), formatMoneyString(r.totals.grossCents)]),
  );

  const sum = (pick: (r: PayResult) => number) => byEmployer.reduce((a, r) => a + pick(r), 0);
  expect(await summarizeWorkLogs(db, user.userId, {}), `summary, ${what}`).toEqual({
    count: LOGS,
    totalHours: formatHours(sum((r) => r.totals.tenths)),
    totalEarnings: formatMoneyString(sum((r) => r.totals.grossCents)),
    // No premiums or overtime here: all of it is regular pay.
    regularEarnings: formatMoneyString(sum((r) => r.totals.grossCents)),
    premiumEarnings: '0.00',
    overtimeEarnings: '0.00',
    totalTips: '0.00',
    totalExpenses: '0.00',
  });

  const periods = await periodTotals(db, user.userId, ALL, ALL);
  for (const [e, { id }] of made.entries()) {
    const row = periods.find((p) => p.employerId === id && p.current);
    const { totals } = byEmployer[e]!;
    expect(
      row
        ? { shifts: row.shifts, tenths: row.tenths, cents: row.cents, method: row.taxMethod }
        : null,
      `dashboard, employer ${e}, ${what}`,
    ).toEqual(
      totals.shifts === 0
        ? null
        : {
            shifts: totals.shifts,
            tenths: totals.tenths,
            cents: totals.grossCents,
            method: rules[e]!.taxMethod,
          },
    );
  }
  const days = await hoursByDay(db, user.userId, ALL);
  expect(
    days.reduce((a, d) => a + d.cents, 0),
    `dashboard days, ${what}`,
  ).toBe(sum((r) => r.totals.grossCents));

  const sheetEmployer = made.findIndex((_, e) => byEmployer[e]!.totals.shifts > 0);
  const sheet = await reportRows(db, user.userId, made[sheetEmployer]!.id, ALL);
  expect(
    sheet.map((r) => [r.paidMinutes, r.hundredths, r.tenths, r.rateCents, r.earningsCents]).sort(),
    `timesheet rows, ${what}`,
  ).toEqual(
    byEmployer[sheetEmployer]!.shifts.map((s) => [
      s.paidMinutes,
      toHundredths(s.paidMinutes),
      s.tenths,
      s.rateCents,
      s.payCents,
    ]).sort(),
  );

  const exported = await exportedWorkLogs(db, user.userId);
  for (const row of exported) {
    const s = shiftOf.get(row.id)!;
    expect([row.hours, row.hourlyRate, row.earnings], `export, ${what}`).toEqual([
      formatHours(s.tenths),
      formatMoneyString(s.rateCents),
      formatMoneyString(s.payCents),
    ]);
  }

  for (const { id } of ids.slice(0, 20)) {
    const page = await logForPage(db, user.userId, id);
    const s = shiftOf.get(id)!;
    expect([page?.hours, page?.earnings], `Notion page, ${what}`).toEqual([
      formatHours(s.tenths),
      formatMoneyString(s.payCents),
    ]);
  }
}
