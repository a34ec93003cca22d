// The pay engine on one employer's ten years of shifts (3,000), against the per-log arithmetic it
// replaced (wall-clock minutes, rounded, tenths × rate; kept here as the baseline) on the same
// shifts in the same process. Prints figures; exits 0 whatever they are.
import { mulDivRound } from '../src/shared/domain/money.ts';
import { type PayShift, payShifts } from '../src/shared/domain/pay-engine.ts';
import { shiftMinutes } from '../src/shared/domain/shift.ts';
import { median, time } from './timing.ts';

const shifts: PayShift[] = [];
for (let i = 0; i < 3000; i++) {
  const date = new Date(Date.UTC(2016, 0, 1) + Math.floor(i * 1.2) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const night = i % 3 === 0;
  shifts.push({
    id: i + 1,
    date,
    startTime: night ? '22:00' : '08:30',
    endTime: night ? '06:30' : '17:15',
    breakDuration: 30,
    timeZone: 'America/Chicago',
    ownRateCents: i % 10 === 0 ? 4100 : null,
  });
}
const rules = {
  roundingStep: '15',
  roundingDirection: 'nearest',
  precision: 'minutes',
  taxMethod: 'deduct',
  taxBasisPoints: 2000,
  rates: [
    { effectiveFrom: null, rateCents: 2800 },
    { effectiveFrom: '2020-01-01', rateCents: 3100 },
    { effectiveFrom: '2024-07-01', rateCents: 3400 },
  ],
} as const;

function engine(): number {
  return payShifts(shifts, { ...rules, rates: [...rules.rates] }).totals.totalCents;
}
function baseline(): number {
  let cents = 0;
  for (const s of shifts) {
    const shift = shiftMinutes(s);
    if (!shift.ok) throw new RangeError(shift.message);
    const tenths = mulDivRound(mulDivRound(shift.minutes, 1, 15) * 15, 1, 6);
    cents += mulDivRound(tenths, s.ownRateCents ?? 3100, 10);
  }
  return cents;
}

// The first engine run fills the time-zone offset cache: reported on its own.
const cold = time(engine, 1)[0] ?? 0;
time(baseline, 5);
const rounds = 31;
const warm = time(engine, rounds);
const base = time(baseline, rounds);
console.log(`pay engine, 3,000 shifts of one employer (median of ${rounds} runs):`);
console.log(`  engine, first run (offset cache empty): ${cold.toFixed(1)} ms`);
console.log(`  engine:   ${median(warm).toFixed(2)} ms`);
console.log(
  `  baseline: ${median(base).toFixed(2)} ms (the old per-log arithmetic, no time zones)`,
);
console.log(`  ratio engine / baseline: ${(median(warm) / median(base)).toFixed(2)}`);
