// Weighed as the server will weigh it: real time in the user's zone, so a time the clocks skip
// is refused and the break is held to the time that really passed (docs/product/money.md#the-pay-engine).
import { type RoundTime, shiftMinutes } from '../../../../shared/domain/index.ts';
import { type PayRules, payShift } from '../../../../shared/domain/pay-engine.ts';

export type ShiftEntry = {
  date: string;
  startTime: string;
  endTime: string;
  breakDuration: number;
};

export type ShiftCheck =
  | { ok: true; tenths: number; payCents: number }
  | { ok: false; field: 'startTime' | 'endTime' | 'breakDuration'; message: string };

/** The user's rounding to the nearest step, then tenths × rate: logAmounts' figures on real time. */
function listRules(roundTime: RoundTime, rateCents: number): PayRules {
  return {
    roundingStep: roundTime,
    roundingDirection: 'nearest',
    precision: 'tenths',
    taxMethod: 'none',
    taxBasisPoints: 0,
    rates: [{ effectiveFrom: null, rateCents }],
  };
}

/** `shift.date` must be a real date. `ownRateCents` > 0 is paid, else `employerRateCents`. */
export function checkShift(
  shift: ShiftEntry,
  timeZone: string,
  pay: { roundTime: RoundTime; ownRateCents: number; employerRateCents: number } = {
    roundTime: 'none',
    ownRateCents: 0,
    employerRateCents: 0,
  },
): ShiftCheck {
  // The break is weighed against real time below, so here only equal times are refused.
  const wall = shiftMinutes({ ...shift, breakDuration: 0 });
  if (!wall.ok) return wall;
  const result = payShift(
    { id: 0, ...shift, timeZone, ownRateCents: pay.ownRateCents },
    listRules(pay.roundTime, pay.employerRateCents),
  );
  if ('field' in result) return { ok: false, field: result.field, message: result.message };
  return { ok: true, tenths: result.tenths, payCents: result.payCents };
}
