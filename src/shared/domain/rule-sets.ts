// An employer's rules over a range of dates (a timesheet's, a report preview's): one set, or one
// per change of rounding, precision or tax within the range (decision 036).
import { addDays } from './dates.ts';
import { parseMoney, parsePercent } from './money.ts';
import { type RuleVersion, sameTax, sortVersions, versionOn } from './pay-rule-versions.ts';

export interface RuleSet {
  /** The first and last day of the range it covers, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  /** The version in effect on `from`; its rate is the first of the set's (rows print their own). */
  version: RuleVersion;
}

const sameRules = (a: RuleVersion, b: RuleVersion) =>
  a.roundingStep === b.roundingStep &&
  a.roundingDirection === b.roundingDirection &&
  a.payPrecision === b.payPrecision &&
  sameTax(a, b);

/**
 * The sets of rules over the range, in date order and covering it: a new set where a version
 * starts within it, unless that version changes only the rate.
 */
export function ruleSetsFor(
  versions: readonly RuleVersion[],
  range: { from: string; to: string },
): RuleSet[] {
  const sorted = sortVersions(versions);
  const starts = [range.from];
  for (const v of sorted) {
    if (v.effectiveFrom !== null && v.effectiveFrom > range.from && v.effectiveFrom <= range.to) {
      starts.push(v.effectiveFrom);
    }
  }
  const sets: RuleSet[] = [];
  starts.forEach((from, i) => {
    const next = starts[i + 1];
    const to = next === undefined ? range.to : addDays(next, -1);
    const version = versionOn(from, sorted);
    const previous = sets.at(-1);
    if (previous && sameRules(previous.version, version)) previous.to = to;
    else sets.push({ from, to, version });
  });
  return sets;
}

/** The set a date falls in (the last one for a date past the range). */
export function ruleSetOn<S extends { from: string; to: string }>(
  sets: readonly S[],
  date: string,
): S {
  const set = sets.find((s) => s.from <= date && date <= s.to) ?? sets.at(-1);
  if (!set) throw new RangeError('No rules cover the range');
  return set;
}

type ApiVersion = {
  effectiveFrom: string | null;
  hourlyRate: string;
  roundingStep: RuleVersion['roundingStep'];
  roundingDirection: RuleVersion['roundingDirection'];
  payPrecision: RuleVersion['payPrecision'];
  taxMethod: RuleVersion['taxMethod'];
  taxRate: string;
};

/**
 * An employer's versions as the employer API lists them (money and percentages as text), for
 * the engine; an employer listed without any has its own fields from the beginning.
 */
export function versionsOfEmployer(
  employer: Omit<ApiVersion, 'effectiveFrom'> & { payRules: readonly ApiVersion[] },
): RuleVersion[] {
  const list: readonly ApiVersion[] =
    employer.payRules.length > 0 ? employer.payRules : [{ ...employer, effectiveFrom: null }];
  return list.map((v) => ({
    effectiveFrom: v.effectiveFrom,
    rateCents: parseMoney(v.hourlyRate) ?? 0,
    roundingStep: v.roundingStep,
    roundingDirection: v.roundingDirection,
    payPrecision: v.payPrecision,
    taxMethod: v.taxMethod,
    taxBasisPoints: parsePercent(v.taxRate) ?? 0,
  }));
}
