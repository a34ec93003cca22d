import { describe, expect, it } from 'vitest';
import {
  customStartingFrom,
  HOURS_MESSAGES,
  hoursText,
  MULTIPLIER_MESSAGES,
  multiplierText,
  type OvertimeDraft,
  overtimeDraftOf,
  overtimeDraftSchema,
  parseHours,
  parseMultiplier,
} from './overtime-draft';

const draft = (overrides: Partial<OvertimeDraft> = {}): OvertimeDraft => ({
  ...overtimeDraftOf(),
  ...overrides,
});

describe('hours and multipliers as typed', () => {
  it('turn into whole minutes and basis points exactly', () => {
    expect(parseHours('7.5')).toEqual({ minutes: 450 });
    expect(parseHours('8')).toEqual({ minutes: 480 });
    expect(parseHours('7.25')).toEqual({ minutes: 435 });
    expect(parseHours('7:20')).toEqual({ minutes: 440 });
    expect(parseHours(' 40 ')).toEqual({ minutes: 2400 });
    expect(parseHours('0.05')).toEqual({ minutes: 3 });
    expect(parseMultiplier('1.5')).toEqual({ basisPoints: 15_000 });
    expect(parseMultiplier('2')).toEqual({ basisPoints: 20_000 });
    expect(parseMultiplier('1.125')).toEqual({ basisPoints: 11_250 });
  });

  it('refuse what is not whole minutes, not a number, or out of range, saying why', () => {
    expect(parseHours('7.01')).toEqual({ error: HOURS_MESSAGES.notWholeMinutes });
    expect(parseHours('7,5')).toEqual({ error: HOURS_MESSAGES.notHours });
    expect(parseHours('1e2')).toEqual({ error: HOURS_MESSAGES.notHours });
    expect(parseHours('-8')).toEqual({ error: HOURS_MESSAGES.notHours });
    expect(parseHours('169')).toEqual({ error: HOURS_MESSAGES.range });
    expect(parseHours('7:60')).toEqual({ error: HOURS_MESSAGES.notHours });
    expect(parseMultiplier('0.5')).toEqual({ error: MULTIPLIER_MESSAGES.range });
    expect(parseMultiplier('4.0001')).toEqual({ error: MULTIPLIER_MESSAGES.range });
    expect(parseMultiplier('1.5x')).toEqual({ error: MULTIPLIER_MESSAGES.notMultiplier });
  });

  it('come back as the text they were typed as', () => {
    expect(hoursText(450)).toBe('7.5');
    expect(hoursText(480)).toBe('8');
    expect(hoursText(435)).toBe('7.25');
    expect(hoursText(440)).toBe('7:20');
    expect(multiplierText(15_000)).toBe('1.5');
    expect(multiplierText(20_000)).toBe('2');
    expect(multiplierText(11_250)).toBe('1.125');
    for (const minutes of [0, 1, 59, 450, 601, 10_080]) {
      expect(parseHours(hoursText(minutes))).toEqual({ minutes });
    }
  });
});

describe('the overtime draft', () => {
  it('sends a preset with the workweek start only, the server filling its thresholds', () => {
    const rule = overtimeDraftSchema.parse(
      draft({ preset: 'usFederal', workweekStartDay: '1', workweekStartTime: '06:00' }),
    );
    expect(rule).toEqual({
      preset: 'usFederal',
      workweekStartDay: 1,
      workweekStartTime: '06:00',
      weekly: { overMinutes: 2400, multiplierBp: 15_000 },
    });
  });

  it('keeps the first day of a 14-day period for Hospital 8 and 80', () => {
    const rule = overtimeDraftSchema.parse(
      draft({ preset: 'hospital8and80', anchorDate: '2026-01-04' }),
    );
    expect(rule.period14).toEqual({
      anchorDate: '2026-01-04',
      overMinutes: 4800,
      multiplierBp: 15_000,
      dailyOverMinutes: 480,
    });
  });

  it('turns custom thresholds into minutes and basis points', () => {
    const rule = overtimeDraftSchema.parse(
      draft({
        preset: 'custom',
        dailyHours: '7.5',
        dailyMultiplier: '1.5',
        daily2Hours: '10',
        daily2Multiplier: '2',
        weeklyHours: '37.5',
        weeklyMultiplier: '1.25',
        seventhDay: true,
      }),
    );
    expect(rule).toEqual({
      preset: 'custom',
      workweekStartDay: 0,
      workweekStartTime: '00:00',
      daily: [
        { overMinutes: 450, multiplierBp: 15_000 },
        { overMinutes: 600, multiplierBp: 20_000 },
      ],
      weekly: { overMinutes: 2250, multiplierBp: 12_500 },
      seventhDay: true,
    });
  });

  it('puts each problem of a custom rule under its field', () => {
    const result = overtimeDraftSchema.safeParse(
      draft({
        preset: 'custom',
        dailyHours: '7.01',
        dailyMultiplier: '',
        weeklyHours: '40',
        weeklyMultiplier: '5',
      }),
    );
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['dailyHours', HOURS_MESSAGES.notWholeMinutes],
      ['dailyMultiplier', MULTIPLIER_MESSAGES.missing],
      ['weeklyMultiplier', MULTIPLIER_MESSAGES.range],
    ]);
  });

  it('asks for a second daily threshold above the first, and for some threshold at all', () => {
    const low = overtimeDraftSchema.safeParse(
      draft({
        preset: 'custom',
        dailyHours: '10',
        dailyMultiplier: '1.5',
        daily2Hours: '8',
        daily2Multiplier: '2',
      }),
    );
    expect(low.error?.issues[0]?.message).toBe(
      'The second daily threshold must be more hours than the first',
    );
    const empty = overtimeDraftSchema.safeParse(draft({ preset: 'custom' }));
    expect(empty.error?.issues[0]?.message).toBe(
      'Enter a daily or weekly threshold, or choose No overtime',
    );
  });

  it('ignores the custom fields under a preset', () => {
    const rule = overtimeDraftSchema.parse(draft({ preset: 'none', dailyHours: 'nonsense' }));
    expect(rule).toEqual({ preset: 'none', workweekStartDay: 0, workweekStartTime: '00:00' });
  });

  it('starts Custom from the thresholds of the preset it leaves', () => {
    expect(customStartingFrom(draft({ preset: 'california' }))).toMatchObject({
      preset: 'custom',
      dailyHours: '8',
      dailyMultiplier: '1.5',
      daily2Hours: '12',
      daily2Multiplier: '2',
      weeklyHours: '40',
      weeklyMultiplier: '1.5',
      seventhDay: true,
    });
  });

  it("reads an employer's custom rule back as the text the user would type", () => {
    expect(
      overtimeDraftOf({
        preset: 'custom',
        workweekStartDay: 3,
        workweekStartTime: '07:00',
        daily: [{ overMinutes: 440, multiplierBp: 15_000 }],
      }),
    ).toMatchObject({
      preset: 'custom',
      workweekStartDay: '3',
      workweekStartTime: '07:00',
      dailyHours: '7:20',
      dailyMultiplier: '1.5',
      weeklyHours: '',
    });
  });

  it('keeps a third daily tier (set through the API) as it was', () => {
    const stored = {
      preset: 'custom',
      workweekStartDay: 0,
      workweekStartTime: '00:00',
      daily: [
        { overMinutes: 480, multiplierBp: 15_000 },
        { overMinutes: 600, multiplierBp: 17_500 },
        { overMinutes: 720, multiplierBp: 20_000 },
      ],
    };
    expect(overtimeDraftSchema.parse(overtimeDraftOf(stored))).toEqual(stored);
  });
});
