import { describe, expect, it } from 'vitest';
import { type RuleVersion, taxByRegime } from './pay-rule-versions.ts';
import { ruleSetOn, ruleSetsFor, versionsOfEmployer } from './rule-sets.ts';

const base: RuleVersion = {
  effectiveFrom: null,
  rateCents: 3100,
  roundingStep: '15',
  roundingDirection: 'nearest',
  payPrecision: 'minutes',
  taxMethod: 'add',
  taxBasisPoints: 800,
};
const march = { from: '2026-03-01', to: '2026-03-31' };

describe('an employer’s rule sets over a range of dates', () => {
  it('is one set when nothing but the rate changes within the range', () => {
    const raise = { ...base, effectiveFrom: '2026-03-10', rateCents: 3300 };
    expect(ruleSetsFor([raise, base], march)).toEqual([
      { from: '2026-03-01', to: '2026-03-31', version: base },
    ]);
  });

  it('starts a set where the tax or the rounding changes, and covers the range without gaps', () => {
    const w2 = { ...base, effectiveFrom: '2026-03-15', taxMethod: 'deduct', taxBasisPoints: 2000 };
    const tenths = { ...w2, effectiveFrom: '2026-03-31', payPrecision: 'tenths' };
    const later = { ...tenths, effectiveFrom: '2026-04-01', roundingStep: 'none' };
    const sets = ruleSetsFor([later, tenths, base, w2] as RuleVersion[], march);
    expect(sets.map((s) => [s.from, s.to, s.version])).toEqual([
      ['2026-03-01', '2026-03-14', base],
      ['2026-03-15', '2026-03-30', w2],
      ['2026-03-31', '2026-03-31', tenths],
    ]);
    expect(ruleSetOn(sets, '2026-03-14').version).toBe(base);
    expect(ruleSetOn(sets, '2026-03-15').version).toBe(w2);
  });

  it('takes the version in effect on the first day, started before the range', () => {
    const february = { ...base, effectiveFrom: '2026-02-01', taxMethod: 'none' } as const;
    expect(ruleSetsFor([base, february], march)).toEqual([
      { from: '2026-03-01', to: '2026-03-31', version: february },
    ]);
  });

  it('a tax that comes back is a set of its own on each side, but one tax regime', () => {
    const w2 = { ...base, effectiveFrom: '2026-03-10', taxMethod: 'deduct', taxBasisPoints: 2000 };
    const back = { ...base, effectiveFrom: '2026-03-20' };
    const sets = ruleSetsFor([base, w2, back] as RuleVersion[], march);
    expect(sets.map((s) => [s.from, s.to, s.version.taxMethod])).toEqual([
      ['2026-03-01', '2026-03-09', 'add'],
      ['2026-03-10', '2026-03-19', 'deduct'],
      ['2026-03-20', '2026-03-31', 'add'],
    ]);
    // $0.07 before and $0.07 after at 8 %: once on $0.14 = 1.12¢ → 1¢ (per set: 0.56 + 0.56 → 2¢).
    const taxed = taxByRegime([
      { ...sets[0]!.version, grossCents: 7 },
      { ...sets[2]!.version, grossCents: 7 },
    ]);
    expect(taxed.taxCents).toBe(1);
    expect(taxed.regimes).toHaveLength(1);
  });

  it('reads no tax and no tax as the same, whatever rate is kept beside "none"', () => {
    const none = { ...base, taxMethod: 'none', taxBasisPoints: 800 } as const;
    const zero = { ...base, effectiveFrom: '2026-03-20', taxBasisPoints: 0 };
    expect(ruleSetsFor([none, zero], march)).toHaveLength(1);
  });

  it('an employer listed without versions has its own fields from the beginning', () => {
    const employer = {
      hourlyRate: '31.00',
      roundingStep: '15',
      roundingDirection: 'nearest',
      payPrecision: 'minutes',
      taxMethod: 'add',
      taxRate: '8.00',
      payRules: [],
    } as const;
    expect(versionsOfEmployer(employer)).toEqual([base]);
  });
});

describe('tax by regime', () => {
  it('taxes each method and rate once on its own gross, and sums them', () => {
    // $348.75 + 8 % = $27.90; $294.50 − 20 % = $58.90.
    const taxed = taxByRegime([
      { taxMethod: 'add', taxBasisPoints: 800, grossCents: 22_475 },
      { taxMethod: 'deduct', taxBasisPoints: 2000, grossCents: 23_250 },
      { taxMethod: 'add', taxBasisPoints: 800, grossCents: 12_400 },
      { taxMethod: 'deduct', taxBasisPoints: 2000, grossCents: 6_200 },
    ]);
    expect(taxed).toMatchObject({ grossCents: 64_325, taxCents: 8_680, totalCents: 61_225 });
    expect(taxed.regimes.map((r) => [r.taxMethod, r.grossCents, r.taxCents])).toEqual([
      ['add', 34_875, 2_790],
      ['deduct', 29_450, 5_890],
    ]);
  });

  it('is tax once on the whole gross when there is one regime (never per shift)', () => {
    // Seven 1¢ shifts at 8 %: per shift each would round to 0¢; once on the 7¢ gross, 0.56¢
    // rounds to 1¢.
    const items = Array.from({ length: 7 }, () => ({
      taxMethod: 'add' as const,
      taxBasisPoints: 800,
      grossCents: 1,
    }));
    expect(taxByRegime(items).taxCents).toBe(1);
  });
});
