import { describe, expect, it } from 'vitest';
import { applyRuleChange, type RuleVersion, versionOn } from './pay-rule-versions.ts';

const base: RuleVersion = {
  effectiveFrom: null,
  rateCents: 3000,
  roundingStep: 'none',
  roundingDirection: 'nearest',
  payPrecision: 'minutes',
  taxMethod: 'add',
  taxBasisPoints: 0,
};
const june: RuleVersion = {
  ...base,
  effectiveFrom: '2026-06-01',
  rateCents: 3500,
  roundingStep: '15',
};

describe('an employer’s rule versions', () => {
  it('pays a date by the latest version starting on or before it', () => {
    expect(versionOn('2026-05-31', [june, base])).toBe(base);
    expect(versionOn('2026-06-01', [june, base])).toBe(june);
    expect(versionOn('2027-01-01', [base, june])).toBe(june);
  });

  it('pays a date before every version by the earliest one', () => {
    expect(versionOn('2020-01-01', [june])).toBe(june);
  });

  it('a change from a date splits the version in effect there; later versions keep their values', () => {
    expect(applyRuleChange([base, june], { rateCents: 3200 }, '2026-03-01')).toEqual([
      base,
      { ...base, effectiveFrom: '2026-03-01', rateCents: 3200 },
      june,
    ]);
  });

  it('a change from the date a version starts changes that version', () => {
    expect(applyRuleChange([base, june], { payPrecision: 'tenths' }, '2026-06-01')).toEqual([
      base,
      { ...june, payPrecision: 'tenths' },
    ]);
  });

  it('a change for every shift gives every version the new value and keeps the others', () => {
    expect(applyRuleChange([june, base], { rateCents: 4000 }, null)).toEqual([
      { ...base, rateCents: 4000 },
      { ...june, rateCents: 4000 },
    ]);
  });
});
