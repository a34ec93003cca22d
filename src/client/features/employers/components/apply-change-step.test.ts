import { describe, expect, it } from 'vitest';
import { overtimeStartsLater, previewSentence } from './apply-change-step';

const none = { shifts: 0, beforeCents: 0, afterCents: 0, beforeTotalCents: 0, afterTotalCents: 0 };

describe('the sentence that says what a change does', () => {
  it('says when no shift changes', () => {
    expect(previewSentence(none, 'USD')).toBe('No shift changes.');
  });

  it('states the gross alone where no tax is taken', () => {
    const rate = { shifts: 2, beforeCents: 36_250, afterCents: 38_667 };
    expect(
      previewSentence({ ...rate, beforeTotalCents: 36_250, afterTotalCents: 38_667 }, 'USD'),
    ).toBe('2 shifts change: $362.50 → $386.67 (+$24.17)');
  });

  it('adds the total due where tax is taken, and says the gross stays when only tax changes', () => {
    const rate = { shifts: 2, beforeCents: 36_250, afterCents: 38_667 };
    // 8 % added on both sides: $391.50 → $417.60.
    expect(
      previewSentence({ ...rate, beforeTotalCents: 39_150, afterTotalCents: 41_760 }, 'USD'),
    ).toBe('2 shifts change: $362.50 → $386.67 (+$24.17); total due $391.50 → $417.60 (+$26.10)');
    const tax = { shifts: 4, beforeCents: 64_325, afterCents: 64_325 };
    expect(
      previewSentence({ ...tax, beforeTotalCents: 69_471, afterTotalCents: 51_460 }, 'EUR'),
    ).toBe('4 shifts change: total due €694.71 → €514.60 (−€180.11); gross pay stays €643.25');
  });
});

describe('new overtime rules from a date inside a workweek', () => {
  it('apply from the next workweek, which the question names', () => {
    // Weeks from Sunday: Wednesday 11 November 2026 is inside the week of 8 November.
    expect(overtimeStartsLater({ overtime: { preset: 'usFederal' } }, '2026-11-11')).toBe(
      '2026-11-15',
    );
    // A Sunday starts a week: nothing to say.
    expect(overtimeStartsLater({ overtime: { preset: 'usFederal' } }, '2026-11-15')).toBeNull();
    // Weeks from Wednesday: the 11th starts one.
    expect(
      overtimeStartsLater({ overtime: { preset: 'custom', workweekStartDay: 3 } }, '2026-11-11'),
    ).toBeNull();
    // 14-day periods from 1 November: the 11th is in the first, the next starts on the 15th.
    expect(
      overtimeStartsLater(
        { overtime: { preset: 'hospital8and80', period14: { anchorDate: '2026-11-01' } } },
        '2026-11-11',
      ),
    ).toBe('2026-11-15');
    // No overtime in the change, or no date yet.
    expect(overtimeStartsLater({ hourlyRate: '30' }, '2026-11-11')).toBeNull();
    expect(overtimeStartsLater({ overtime: { preset: 'usFederal' } }, '')).toBeNull();
  });
});
