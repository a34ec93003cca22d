import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTax, totals } from './earnings.ts';

describe('totals', () => {
  it('adds up the rows as shown, not the raw minutes', () => {
    // Three 4-minute rows each show 0.1 h and $1.00; the sum of 12 minutes would show 0.2 h.
    const rows = [1, 2, 3].map(() => ({ tenths: 1, earningsCents: 100 }));
    expect(totals(rows)).toEqual({ tenths: 3, earningsCents: 300, shifts: 3 });
  });

  it('is zero for no rows', () => {
    expect(totals([])).toEqual({ tenths: 0, earningsCents: 0, shifts: 0 });
  });

  it('always equals the sum of the rows', () => {
    const row = fc.record({
      tenths: fc.integer({ min: 0, max: 240 }),
      earningsCents: fc.integer({ min: 0, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 400 }), (rows) => {
        const sum = totals(rows);
        expect(sum.shifts).toBe(rows.length);
        expect(sum.tenths).toBe(rows.reduce((acc, r) => acc + r.tenths, 0));
        expect(sum.earningsCents).toBe(rows.reduce((acc, r) => acc + r.earningsCents, 0));
        if (rows.length > 0) {
          const rest = totals(rows.slice(1));
          expect(sum.earningsCents - rest.earningsCents).toBe(rows[0]?.earningsCents);
        }
      }),
    );
  });
});

describe('applyTax', () => {
  it('adds tax to gross for the self-employed', () => {
    expect(applyTax(100_000, 1500, 'add')).toEqual({
      grossCents: 100_000,
      taxCents: 15_000,
      totalCents: 115_000,
    });
  });

  it('deducts tax from gross for employees', () => {
    expect(applyTax(100_000, 1500, 'deduct')).toEqual({
      grossCents: 100_000,
      taxCents: 15_000,
      totalCents: 85_000,
    });
  });

  it('leaves gross untouched without tax, whatever the rate', () => {
    expect(applyTax(100_000, 1500, 'none')).toEqual({
      grossCents: 100_000,
      taxCents: 0,
      totalCents: 100_000,
    });
  });

  it('rounds the tax to the cent with halves up', () => {
    expect(applyTax(1, 5000, 'add').taxCents).toBe(1);
    expect(applyTax(333, 1525, 'add').taxCents).toBe(51);
    expect(applyTax(10_001, 1525, 'deduct')).toMatchObject({ taxCents: 1525, totalCents: 8476 });
  });

  it('refuses a rate outside 0–100 % and gross that is not whole cents', () => {
    expect(() => applyTax(100, 10_001, 'add')).toThrow(RangeError);
    expect(() => applyTax(100.5, 1500, 'add')).toThrow(RangeError);
  });

  it('is symmetric around gross for add and deduct', () => {
    const gross = fc.integer({ min: 0, max: 1_000_000_000_000 });
    const rate = fc.integer({ min: 0, max: 10_000 });
    fc.assert(
      fc.property(gross, rate, (g, bp) => {
        const add = applyTax(g, bp, 'add');
        const deduct = applyTax(g, bp, 'deduct');
        expect(add.totalCents - g).toBe(g - deduct.totalCents);
        expect(deduct.totalCents).toBeGreaterThanOrEqual(0);
        expect(applyTax(g, bp, 'none').totalCents).toBe(g);
      }),
    );
  });
});
