import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noOvertime, type OvertimeRule, overtimePresets } from './overtime.ts';
import { overtimeOf, payEmployer, payGroup } from './pay-employer.ts';
import { payByVersion, type RuleVersion, taxByRegime } from './pay-rule-versions.ts';
import { type PremiumShift, ratio } from './premiums.ts';

const base: RuleVersion = {
  effectiveFrom: null,
  rateCents: 2000,
  roundingStep: 'none',
  roundingDirection: 'nearest',
  payPrecision: 'minutes',
  taxMethod: 'none',
  taxBasisPoints: 0,
};
let nextId = 1;
const shift = (date: string, more: Partial<PremiumShift> = {}): PremiumShift => ({
  id: nextId++,
  date,
  startTime: '08:00',
  endTime: '16:00',
  breakDuration: 0,
  timeZone: 'America/Chicago',
  ...more,
});
// The week of Sunday 8 November 2026, Monday to Saturday.
const week = ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14'];
const federal: OvertimeRule = { preset: 'usFederal', ...overtimePresets.usFederal };
const withFederal = (v: RuleVersion): RuleVersion => ({ ...v, overtime: federal });

describe('one employer’s pay, every rule of its dates', () => {
  it('a raise from Wednesday in an overtime week: the regular rate weighs both rates', () => {
    // $20 Mon–Tue, $24 Wed–Sat, 8 h a day: straight time 16 × $20 + 32 × $24 = $1,088 for 48 h,
    // regular rate $22.666…; 8 h over 40 × half of it = $90.666… → $90.67; $1,178.67 in all.
    const raise = { ...base, effectiveFrom: '2026-11-11', rateCents: 2400 };
    const pay = payEmployer(
      week.map((d) => shift(d)),
      [base, raise].map(withFederal),
    );
    expect(pay.periods[0]).toMatchObject({
      exactRegularRateCentsPerHour: ratio(6800, 3),
      overtimePremiumCents: 9067,
    });
    expect(pay.totals.grossCents).toBe(108_800 + 9_067);
  });

  it('taxes each shift’s whole pay, overtime included, by the tax of its date', () => {
    // Same week at $20 (48 h: $960 + 8 × $10 = $80 overtime, on Saturday, the last 8 h).
    // 8 % added until Thursday, 20 % withheld from Friday: Mon–Thu $640 + $51.20;
    // Fri–Sat $320 + $80 = $400 − $80.00. Total due $691.20 + $320.00 = $1,011.20.
    const added = { ...base, taxMethod: 'add', taxBasisPoints: 800 } as const;
    const withheld = {
      ...added,
      effectiveFrom: '2026-11-13',
      taxMethod: 'deduct',
      taxBasisPoints: 2000,
    } as const;
    const pay = payEmployer(
      week.map((d) => shift(d)),
      [added, withheld].map(withFederal),
    );
    expect(pay.totals).toMatchObject({
      overtimeCents: 8_000,
      grossCents: 104_000,
      taxCents: 5_120 + 8_000,
      totalCents: 69_120 + 32_000,
    });
    expect(pay.shifts.at(-1)).toMatchObject({ taxMethod: 'deduct', totalPayCents: 24_000 });
  });

  it('without premiums or overtime, is the versions’ pay and tax exactly', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 60 }),
            start: fc.integer({ min: 0, max: 1439 }),
            length: fc.integer({ min: 1, max: 900 }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        fc.integer({ min: 0, max: 60 }),
        (drawn, changeDay) => {
          const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
          const hhmm = (m: number) =>
            `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
          const shifts = drawn.map((d) =>
            shift(day(d.day), {
              startTime: hhmm(d.start),
              endTime: hhmm((d.start + d.length) % 1440),
              timeZone: 'UTC',
            }),
          );
          const versions: RuleVersion[] = [
            { ...base, taxMethod: 'add', taxBasisPoints: 825, roundingStep: '15' },
            {
              ...base,
              effectiveFrom: day(changeDay),
              rateCents: 3333,
              payPrecision: 'tenths',
              taxMethod: 'deduct',
              taxBasisPoints: 2000,
            },
          ];
          const pay = payEmployer(shifts, versions);
          const plain = payByVersion(shifts, versions);
          const byId = new Map(plain.map((s) => [s.id, s]));
          for (const s of pay.shifts) {
            expect(s.totalPayCents).toBe(byId.get(s.id)!.payCents);
            expect(s.extraLines).toEqual([]);
          }
          const tax = taxByRegime(plain.map((s) => ({ ...s, grossCents: s.payCents })));
          expect(pay.totals).toMatchObject({
            grossCents: tax.grossCents,
            taxCents: tax.taxCents,
            totalCents: tax.totalCents,
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('pays a week by the overtime rules of the day it starts', () => {
    // Weekly overtime from Wednesday 11 November: the week of Sunday 8 November started without
    // it, so its 48 h are straight time; the next week (15 November) has 8 h over 40.
    const from = { ...base, effectiveFrom: '2026-11-11', overtime: federal };
    const versions = [{ ...base, overtime: noOvertime }, from];
    expect(overtimeOf('2026-11-12', versions).preset).toBe('none');
    expect(overtimeOf('2026-11-15', versions).preset).toBe('usFederal');
    const next = [
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
    ];
    const pay = payEmployer(
      [...week, ...next].map((d) => shift(d)),
      versions,
    );
    expect(
      pay.periods.map((p) => [p.startDate, p.overtime.preset, p.overtimePremiumCents]),
    ).toEqual([
      ['2026-11-08', 'none', 0],
      ['2026-11-15', 'usFederal', 8_000],
    ]);
    expect(pay.totals.overtimeCents).toBe(8_000);
  });

  it('pays each shift the premiums of its date', () => {
    // A night premium of $2/h from 12 November: the shift on the 11th has none, the one on the 12th
    // gets 2 h (22:00–24:00 of a 16:00–24:00 shift) × $2 = $4.
    const nights = {
      ...base,
      effectiveFrom: '2026-11-12',
      premiums: [
        {
          id: 'n',
          name: 'Nights',
          kind: 'fixed' as const,
          centsPerHour: 200,
          window: { start: '22:00', end: '06:00' },
        },
      ],
    };
    const pay = payEmployer(
      ['2026-11-11', '2026-11-12'].map((d) => shift(d, { startTime: '16:00', endTime: '00:00' })),
      [base, nights],
    );
    expect(pay.shifts.map((s) => s.premiumCents)).toEqual([0, 400]);
    expect(pay.totals.premiumCents).toBe(400);
  });
});

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

describe('employers counted as one group for overtime', () => {
  it('two sites of one hospital system: 24 h at each is a 48-hour week at both', () => {
    // Site A Mon–Wed 8 h at $20 ($480), site B Thu–Sat 8 h at $25 ($600): 48 h, straight time
    // $1,080, regular rate $22.50; the last 8 h (Saturday at B) over 40 × $11.25 = $90.00.
    // Each alone has 24 h and no overtime.
    const a = week.slice(0, 3).map((d) => shift(d));
    const b = week.slice(3).map((d) => shift(d));
    const siteB = { ...base, rateCents: 2500 };
    const group = payGroup(
      [
        { shifts: a, versions: [base] },
        { shifts: b, versions: [siteB] },
      ],
      federal,
    );
    expect(group.periods).toHaveLength(1);
    expect(group.periods[0]).toMatchObject({
      paidMinutes: 48 * 60,
      straightTimeCents: 108_000,
      exactRegularRateCentsPerHour: ratio(2250),
      overtimePremiumCents: 9_000,
    });
    const [atA, atB] = group.members;
    expect(atA!.totals).toMatchObject({ overtimeCents: 0, grossCents: 48_000 });
    expect(atB!.totals).toMatchObject({ overtimeCents: 9_000, grossCents: 69_000 });
    expect(atB!.shifts.at(-1)).toMatchObject({ overtimeCents: 9_000, totalPayCents: 29_000 });
    expect(payEmployer(b, [withFederal(siteB)]).totals.overtimeCents).toBe(0);
  });

  it('each member keeps its own premiums and holidays', () => {
    // A pays a $2/h weekend premium; B none. Saturday 14 Nov at A: 8 h × $2 = $16.
    const weekend = {
      id: 'w',
      name: 'Weekend',
      kind: 'fixed',
      centsPerHour: 200,
      days: [6],
    } as const;
    const a = [shift('2026-11-14')];
    const b = [shift('2026-11-14', { startTime: '17:00', endTime: '21:00' })];
    const group = payGroup(
      [
        { shifts: a, versions: [{ ...base, premiums: [weekend] }] },
        { shifts: b, versions: [base] },
      ],
      federal,
    );
    expect(group.members[0]!.totals.premiumCents).toBe(1_600);
    expect(group.members[1]!.totals.premiumCents).toBe(0);
  });

  it('one member alone is that employer under the group’s overtime rules', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 20 }),
            start: fc.integer({ min: 0, max: 1439 }),
            length: fc.integer({ min: 1, max: 900 }),
          }),
          { maxLength: 12 },
        ),
        (picked) => {
          const shifts = picked.map(({ day, start, length }) =>
            shift(`2026-11-${String(day + 1).padStart(2, '0')}`, {
              startTime: hhmm(start),
              endTime: hhmm((start + length) % 1440),
            }),
          );
          const alone = payEmployer(shifts, [withFederal(base)]);
          const grouped = payGroup([{ shifts, versions: [base] }], federal).members[0]!;
          expect(grouped.shifts).toEqual(alone.shifts);
          expect(grouped.totals).toEqual(alone.totals);
        },
      ),
      { numRuns: 60 },
    );
  });
});
