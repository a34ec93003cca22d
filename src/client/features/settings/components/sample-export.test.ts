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

  it('earns $10 an hour and sums the rows', () => {
    const { rows, totals } = sampleExport('none', 'none');
    expect(rows.map((row) => row.earningsCents)).toEqual([7600, 4800, 4100]);
    expect(totals).toEqual({ tenths: 165, earningsCents: 16500, shifts: 3 });
  });

  it('adds, deducts or leaves out 15% tax on the gross', () => {
    expect(sampleExport('none', 'add').tax).toEqual({
      grossCents: 16500,
      taxCents: 2475,
      totalCents: 18975,
    });
    expect(sampleExport('none', 'deduct').tax.totalCents).toBe(14025);
    expect(sampleExport('none', 'none').tax).toEqual({
      grossCents: 16500,
      taxCents: 0,
      totalCents: 16500,
    });
  });
});
