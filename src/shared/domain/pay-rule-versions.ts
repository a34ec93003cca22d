// An employer's rate and rounding rules over time (decision 036): which version pays a shift,
// and what a change "from a date" or "for every shift" does to the versions.

import { applyTax, type TaxAmounts, type TaxCalculation } from './earnings.ts';
import type { OvertimeRule } from './overtime.ts';
import {
  type PayPrecision,
  type PayShift,
  payShifts,
  type RoundingDirection,
  type RoundingStep,
  type ShiftPay,
} from './pay-engine.ts';
import type { PremiumRule } from './premiums.ts';

export interface RuleValues {
  rateCents: number;
  roundingStep: RoundingStep;
  roundingDirection: RoundingDirection;
  payPrecision: PayPrecision;
  /** Tax has dates too: a shift's gross is taxed by the method and rate of its date. */
  taxMethod: TaxCalculation;
  taxBasisPoints: number;
  /** Overtime has dates too: a workweek is paid by the rules of the day it starts. */
  overtime?: OvertimeRule;
  /** Shift premiums, by the rules of each shift's date; none when left out. */
  premiums?: readonly PremiumRule[];
}

interface Dated {
  /** The first date the version applies to; null: from the beginning. */
  effectiveFrom: string | null;
}

export interface RuleVersion extends RuleValues, Dated {}

export const ruleFields = [
  'rateCents',
  'roundingStep',
  'roundingDirection',
  'payPrecision',
  'taxMethod',
  'taxBasisPoints',
  'overtime',
  'premiums',
] as const;

/** Whether two versions' values of a field are the same (the extras compare by content). */
export function sameRuleValue<K extends keyof RuleValues>(
  key: K,
  a: RuleValues[K],
  b: RuleValues[K],
): boolean {
  if (key === 'overtime' || key === 'premiums') return canonical(a) === canonical(b);
  return a === b;
}

/** JSON with keys in order, so equal rules compare equal however they were written. */
export function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}

/** The version in effect on a date: the latest one from on or before it, else the earliest. */
export function versionOn<V extends Dated>(date: string, versions: readonly V[]): V {
  let best: V | undefined;
  let earliest: V | undefined;
  for (const version of versions) {
    if (!earliest || startsBefore(version, earliest)) earliest = version;
    // ISO dates ('YYYY-MM-DD') order as strings.
    if (version.effectiveFrom !== null && version.effectiveFrom > date) continue;
    if (!best || startsBefore(best, version)) best = version;
  }
  const chosen = best ?? earliest;
  if (!chosen) throw new RangeError('An employer needs at least one version of its rules');
  return chosen;
}

function startsBefore(a: Dated, b: Dated): boolean {
  if (a.effectiveFrom === null) return b.effectiveFrom !== null;
  if (b.effectiveFrom === null) return false;
  return a.effectiveFrom < b.effectiveFrom;
}

/** Oldest first, the one from the beginning leading. */
export function sortVersions<V extends Dated>(versions: readonly V[]): V[] {
  return [...versions].sort((a, b) => (startsBefore(a, b) ? -1 : startsBefore(b, a) ? 1 : 0));
}

/**
 * The versions after changing some fields. `from` null: every shift (the field takes the new
 * value in every version). A date: the version in effect on it is split there (or, starting
 * that day, changed), and later versions keep their own values.
 */
export function applyRuleChange(
  versions: readonly RuleVersion[],
  changes: Partial<RuleValues>,
  from: string | null,
): RuleVersion[] {
  if (from === null) return sortVersions(versions.map((v) => ({ ...v, ...changes })));
  const current = versionOn(from, versions);
  if (current.effectiveFrom === from) {
    return sortVersions(versions.map((v) => (v === current ? { ...v, ...changes } : v)));
  }
  return sortVersions([...versions, { ...current, ...changes, effectiveFrom: from }]);
}

export interface ShiftTax {
  taxMethod: TaxCalculation;
  taxBasisPoints: number;
}

/** No tax is no tax, whatever rate is kept beside method none. */
export const untaxed = (t: ShiftTax) => t.taxMethod === 'none' || t.taxBasisPoints === 0;

/** Whether two taxes take the same from any gross. */
export const sameTax = (a: ShiftTax, b: ShiftTax) =>
  (untaxed(a) && untaxed(b)) ||
  (a.taxMethod === b.taxMethod && a.taxBasisPoints === b.taxBasisPoints);

/** A shift's figures with the tax of its version, which the shift's gross is taxed under. */
export type VersionedShiftPay = ShiftPay & ShiftTax;

/**
 * Each shift's figures, every shift under the version of its date (a rate typed on the shift
 * still overrides the version's). Shifts sharing a version go through the engine together.
 */
export function payByVersion(
  shifts: readonly PayShift[],
  versions: readonly RuleVersion[],
  mode: 'input' | 'stored' = 'stored',
): VersionedShiftPay[] {
  const groups = new Map<RuleVersion, PayShift[]>();
  for (const shift of shifts) {
    const version = versionOn(shift.date, versions);
    const group = groups.get(version);
    if (group) group.push(shift);
    else groups.set(version, [shift]);
  }
  const out: VersionedShiftPay[] = [];
  for (const [version, group] of groups) {
    const tax = { taxMethod: version.taxMethod, taxBasisPoints: version.taxBasisPoints };
    const result = payShifts(
      group,
      {
        roundingStep: version.roundingStep,
        roundingDirection: version.roundingDirection,
        precision: version.payPrecision,
        ...tax,
        rates: [{ effectiveFrom: null, rateCents: version.rateCents }],
      },
      mode,
    );
    for (const shift of result.shifts) out.push({ ...shift, ...tax });
  }
  return out;
}

/**
 * Tax once on the gross of each tax regime (method and rate) among the items, summed: one
 * employer's period or timesheet spanning a change of its tax is taxed by each regime's own
 * rule on its own gross; without a change, that is tax once on the whole gross.
 */
export function taxByRegime(
  items: readonly (ShiftTax & { grossCents: number })[],
): TaxAmounts & { regimes: (ShiftTax & TaxAmounts)[] } {
  const byRegime = new Map<string, ShiftTax & { grossCents: number }>();
  for (const item of items) {
    const key = `${item.taxMethod}:${item.taxBasisPoints}`;
    const entry = byRegime.get(key);
    if (entry) entry.grossCents += item.grossCents;
    else
      byRegime.set(key, {
        taxMethod: item.taxMethod,
        taxBasisPoints: item.taxBasisPoints,
        grossCents: item.grossCents,
      });
  }
  const regimes = [...byRegime.values()].map((r) => ({
    taxMethod: r.taxMethod,
    taxBasisPoints: r.taxBasisPoints,
    ...applyTax(r.grossCents, r.taxBasisPoints, r.taxMethod),
  }));
  const sum = { grossCents: 0, taxCents: 0, totalCents: 0 };
  for (const r of regimes) {
    sum.grossCents += r.grossCents;
    sum.taxCents += r.taxCents;
    sum.totalCents += r.totalCents;
  }
  return { ...sum, regimes };
}
