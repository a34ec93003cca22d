// Premiums and overtime (payWithExtras) on a year of one employer's shifts, against the pay
// engine alone (payShifts) on the same shifts in the same process. Prints figures; exits 0
// whatever they are.
import { overtimePresets, payWithExtras } from '../src/shared/domain/overtime.ts';
import { payEmployer } from '../src/shared/domain/pay-employer.ts';
import { type PayRules, payShifts } from '../src/shared/domain/pay-engine.ts';
import type { RuleVersion } from '../src/shared/domain/pay-rule-versions.ts';
import type { PremiumRule, PremiumShift } from '../src/shared/domain/premiums.ts';
import { median, time } from './timing.ts';

// 2026: five or six shifts a week, a third of them nights, some long days, a few at own rates.
const shifts: PremiumShift[] = [];
for (let day = 0; day < 365; day++) {
  const date = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  if (day % 7 === 3 || (day % 7 === 4 && day % 14 !== 4)) continue;
  const night = day % 3 === 0;
  const long = day % 5 === 0;
  shifts.push({
    id: shifts.length + 1,
    date,
    startTime: night ? '22:00' : '07:00',
    endTime: night ? '07:30' : long ? '20:15' : '15:45',
    breakDuration: 30,
    timeZone: 'America/Chicago',
    ownRateCents: day % 10 === 0 ? 4100 : null,
    ...(day % 17 === 0 ? { manualPremiumIds: ['call-in'] } : {}),
  });
}
const rules: PayRules = {
  roundingStep: '15',
  roundingDirection: 'nearest',
  precision: 'minutes',
  taxMethod: 'deduct',
  taxBasisPoints: 2000,
  rates: [
    { effectiveFrom: null, rateCents: 3100 },
    { effectiveFrom: '2026-07-01', rateCents: 3400 },
  ],
};
const premiums: PremiumRule[] = [
  {
    id: 'night',
    name: 'Night',
    window: { start: '22:00', end: '06:00' },
    kind: 'fixed',
    centsPerHour: 250,
  },
  {
    id: 'weekend',
    name: 'Weekend',
    days: [0, 6],
    kind: 'percent',
    basisPoints: 1500,
    capCentsPerHour: 450,
  },
  { id: 'holiday', name: 'Holiday', holidays: true, kind: 'percent', basisPoints: 5000 },
  { id: 'call-in', name: 'Call-in', manualOnly: true, kind: 'fixed', centsPerHour: 500 },
];
const holidays = [
  '2026-01-01',
  '2026-05-25',
  '2026-07-04',
  '2026-09-07',
  '2026-11-26',
  '2026-12-25',
];

const variants = {
  california: overtimePresets.california,
  usFederal: overtimePresets.usFederal,
  hospital8and80: overtimePresets.hospital8and80,
} as const;

const engine = () => payShifts(shifts, rules).totals.totalCents;
const extras = (name: keyof typeof variants) => () =>
  payWithExtras(shifts, rules, { premiums, overtime: variants[name] }, holidays).totals.totalCents;

// The first runs fill the time-zone offset cache: reported on their own.
const cold = time(extras('california'), 1)[0] ?? 0;
time(engine, 10);
const rounds = 51;
const base = median(time(engine, rounds));
console.log(
  `premiums + overtime, ${shifts.length} shifts (a year of one employer), median of ${rounds} runs:`,
);
console.log(`  payWithExtras first run (offset cache empty): ${cold.toFixed(1)} ms`);
console.log(`  payShifts alone: ${base.toFixed(3)} ms`);
// Warm every variant first, so the first one measured is not the one the JIT learns on.
for (const name of Object.keys(variants) as (keyof typeof variants)[]) time(extras(name), 20);
for (const name of Object.keys(variants) as (keyof typeof variants)[]) {
  const took = median(time(extras(name), rounds));
  console.log(
    `  payWithExtras, 4 premiums, ${name}: ${took.toFixed(3)} ms (ratio ${(took / base).toFixed(1)}×)`,
  );
}
const sample = payWithExtras(shifts, rules, { premiums, overtime: variants.california }, holidays);
console.log(
  `  (california: regular ${sample.totals.regularCents}¢, premiums ${sample.totals.premiumCents}¢, overtime ${sample.totals.overtimeCents}¢)`,
);

// What a save costs: the product pays one employer through payEmployer (the rules in dated
// versions). A save of a shift that moves a week over its threshold pays that workweek's shifts
// again, reading one workweek on each side (src/server/db/pay-results.ts), not the year.
const versions: RuleVersion[] = [
  {
    effectiveFrom: null,
    rateCents: 3100,
    roundingStep: '15',
    roundingDirection: 'nearest',
    payPrecision: 'minutes',
    taxMethod: 'deduct',
    taxBasisPoints: 2000,
    overtime: { preset: 'usFederal', ...overtimePresets.usFederal },
    premiums,
  },
];
const week = { from: '2026-06-06', to: '2026-06-22' }; // the workweek of 14 June, ±8 days
const weekShifts = shifts.filter((s) => s.date >= week.from && s.date <= week.to);
const year = () => payEmployer(shifts, versions, holidays).totals.totalCents;
const save = () => payEmployer(weekShifts, versions, holidays).totals.totalCents;
time(year, 10);
time(save, 50);
const yearMs = median(time(year, rounds));
const saveMs = median(time(save, rounds));
console.log(`  payEmployer, the year (a rule change pays every shift): ${yearMs.toFixed(3)} ms`);
console.log(
  `  payEmployer, a save's three workweeks (${weekShifts.length} shifts): ${saveMs.toFixed(3)} ms (ratio to the year ${(saveMs / yearMs).toFixed(3)}×)`,
);
