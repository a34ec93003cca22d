import { describe, expect, it } from 'vitest';
import { formatHours } from '../../../../shared/domain/index.ts';
import { sampleExport } from './sample-export';

const hours = (roundTime: Parameters<typeof sampleExport>[0]) =>
  sampleExport(roundTime, 'add').rows.map((row) => formatHours(row.tenths));

describe('the sample export', () => {
  it('shows each shift to the tenth without rounding', () => {
    expect(hours('none')).toEqual(['7.6', '4.8', '4.1']);
  });

  it('rounds each shift to the chosen step first', () => {
    expect(hours('15')).toEqual(['7.5', '4.8', '4.0']);
    expect(hours('30')).toEqual(['7.5', '5.0', '4.0']);
    expect(hours('60')).toEqual(['8.0', '5.0', '4.0']);
  });

  it('earns $10 an hour by the minute and sums the rows', () => {
    const { rows, totals, tax } = sampleExport('none', 'none');
    // 457, 290 and 245 minutes × $10 ÷ 60.
    expect(rows.map((row) => row.earningsCents)).toEqual([7617, 4833, 4083]);
    expect(totals).toEqual({ tenths: 165, shifts: 3 });
    expect(tax.grossCents).toBe(16533);
  });

  it('adds, deducts or leaves out 15% tax on the gross', () => {
    // 15 % of $165.33 is $24.7995, so $24.80.
    expect(sampleExport('none', 'add').tax).toEqual({
      grossCents: 16533,
      taxCents: 2480,
      totalCents: 19013,
    });
    expect(sampleExport('none', 'deduct').tax.totalCents).toBe(14053);
    expect(sampleExport('none', 'none').tax).toEqual({
      grossCents: 16533,
      taxCents: 0,
      totalCents: 16533,
    });
  });
});
