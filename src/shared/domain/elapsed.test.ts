import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elapsedMinutes, offsetAt, wallToInstant } from './elapsed.ts';
import { formatTime24 } from './time.ts';

const shift = (date: string, startTime: string, endTime: string, timeZone: string) =>
  elapsedMinutes({ date, startTime, endTime, timeZone });

describe('a shift lasts the real time between its start and its end', () => {
  it.each([
    // [zone, the night the clocks go back, the night they go forward]
    ['America/Chicago', '2026-10-31', '2026-03-07'],
    ['Europe/Berlin', '2026-10-24', '2026-03-28'],
  ])('%s: 22:00–06:30 lasts 9 h 30 in autumn and 7 h 30 in spring', (zone, autumn, spring) => {
    expect(shift(autumn, '22:00', '06:30', zone)).toEqual({ ok: true, minutes: 570 });
    expect(shift(spring, '22:00', '06:30', zone)).toEqual({ ok: true, minutes: 450 });
    // The nights before are ordinary.
    expect(shift('2026-10-10', '22:00', '06:30', zone)).toEqual({ ok: true, minutes: 510 });
  });

  it('a start the clocks skip is refused, naming the clock change', () => {
    expect(shift('2026-03-08', '02:30', '09:00', 'America/Chicago')).toEqual({
      ok: false,
      field: 'startTime',
      message:
        'Start time 02:30 does not exist on March 8, 2026: the clocks go forward from 02:00 to 03:00 that night (a clock change)',
    });
    const berlin = shift('2026-03-28', '22:00', '02:15', 'Europe/Berlin');
    expect(berlin).toEqual({
      ok: false,
      field: 'endTime',
      message:
        'End time 02:15 does not exist on March 29, 2026: the clocks go forward from 02:00 to 03:00 that night (a clock change)',
    });
  });

  it('a time the clocks show twice is the first one', () => {
    // 01:30 happens at 01:30 CDT and again at 01:30 CST on November 1, 2026.
    const first = wallToInstant('2026-11-01', '01:30', 'America/Chicago');
    expect(first).toEqual({ ok: true, epochMinutes: Date.UTC(2026, 10, 1, 6, 30) / 60_000 });
    expect(shift('2026-11-01', '00:00', '01:30', 'America/Chicago')).toEqual({
      ok: true,
      minutes: 90,
    });
    expect(shift('2026-11-01', '01:30', '03:00', 'America/Chicago')).toEqual({
      ok: true,
      minutes: 150,
    });
  });

  it('Lord Howe Island moves its clocks by half an hour', () => {
    // 2026-10-04 02:00 → 02:30.
    expect(shift('2026-10-03', '22:00', '06:00', 'Australia/Lord_Howe')).toEqual({
      ok: true,
      minutes: 450,
    });
    const gap = shift('2026-10-04', '02:10', '08:00', 'Australia/Lord_Howe');
    expect(gap.ok ? '' : gap.message).toContain('from 02:00 to 02:30');
  });

  it('without a clock change, real time is the wall-clock difference (any zone, any day)', () => {
    const zones = ['UTC', 'Asia/Tokyo', 'Asia/Kolkata', 'America/New_York', 'Australia/Sydney'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 365 * 5 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 1439 }),
        (zone, dayIndex, start, end) => {
          fc.pre(start !== end);
          const date = new Date(Date.UTC(2024, 0, 1) + dayIndex * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const result = shift(date, formatTime24(start), formatTime24(end), zone);
          const wall = end - start + (end < start ? 1440 : 0);
          if (!result.ok) return; // a skipped time, checked above
          const midnight = Date.UTC(2024, 0, 1) / 60_000 + dayIndex * 1440;
          const changes = offsetAt(midnight - 1440, zone) !== offsetAt(midnight + 2880, zone);
          if (!changes) expect(result.minutes).toBe(wall);
          else expect(Math.abs(result.minutes - wall)).toBeLessThanOrEqual(60);
        },
      ),
    );
  });

  it('the cached offsets agree with Intl minute by minute across a change', () => {
    // Every minute of the autumn night in Chicago, read back through Intl's own wall clock.
    const start = Date.UTC(2026, 10, 1, 0, 0) / 60_000;
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
    });
    for (let minute = start; minute < start + 1440; minute += 7) {
      const wall = (((minute + offsetAt(minute, 'America/Chicago')) % 1440) + 1440) % 1440;
      const shown = format.format(minute * 60_000);
      expect(formatTime24(wall)).toBe(shown.padStart(5, '0'));
    }
  });
});
