import { describe, expect, it } from 'vitest';
import { makeTimesheet } from '@/test/fixtures';
import { mixedTaxLine } from './report-generated-dialog';

describe('the tax line of a generated timesheet', () => {
  it('is the method’s own line when the figures follow one method', () => {
    const add = { totalEarnings: '643.25', tax: '51.46', totalDue: '694.71' };
    expect(mixedTaxLine(makeTimesheet({ ...add, taxCalculation: 'add' }))).toBeNull();
    const deduct = { totalEarnings: '643.25', tax: '128.65', totalDue: '514.60' };
    expect(mixedTaxLine(makeTimesheet({ ...deduct, taxCalculation: 'deduct' }))).toBeNull();
  });

  it('states the net when tax was added on some days and deducted on others', () => {
    // $27.90 added and $58.90 deducted: stored tax $86.80; due $643.25 − $31.00 = $612.25.
    const sheet = makeTimesheet({
      totalEarnings: '643.25',
      tax: '86.80',
      totalDue: '612.25',
      taxCalculation: 'deduct',
      currency: 'USD',
    });
    expect(mixedTaxLine(sheet)).toEqual({ term: 'Net tax', value: '−$31.00' });
    // 8 % added, then no tax: the stored method is the last day's (none), the tax $27.90.
    const untaxedLast = makeTimesheet({
      totalEarnings: '643.25',
      tax: '27.90',
      totalDue: '671.15',
      taxCalculation: 'none',
      currency: 'USD',
    });
    expect(mixedTaxLine(untaxedLast)).toEqual({ term: 'Net tax', value: '+$27.90' });
  });
});
