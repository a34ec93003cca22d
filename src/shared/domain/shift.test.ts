import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shiftEndDate, shiftEndsNextDay, shiftMessages, shiftMinutes } from './shift.ts';
import { formatTime24 } from './time.ts';

describe('shiftMinutes', () => {
  it('counts a day shift as end minus start minus break', () => {
    expect(shiftMinutes({ startTime: '09:00', endTime: '17:00', breakDuration: 30 })).toEqual({
      ok: true,
      minutes: 450,
    });
  });

  it('adds 24 hours to an overnight shift', () => {
    expect(shiftMinutes({ startTime: '22:00', endTime: '06:00', breakDuration: 0 })).toEqual({
      ok: true,
      minutes: 480,
    });
    expect(shiftMinutes({ startTime: '23:59', endTime: '00:00', breakDuration: 0 })).toEqual({
      ok: true,
      minutes: 1,
    });
  });

  it('counts a shift ending at 23:59 and a one-minute shift after midnight', () => {
    expect(shiftMinutes({ startTime: '09:00', endTime: '23:59', breakDuration: 0 })).toEqual({
      ok: true,
      minutes: 899,
    });
    expect(shiftMinutes({ startTime: '00:00', endTime: '00:01', breakDuration: 0 })).toEqual({
      ok: true,
      minutes: 1,
    });
  });

  it('reads PostgreSQL times with seconds', () => {
    expect(shiftMinutes({ startTime: '08:15:00', endTime: '12:45:00', breakDuration: 0 })).toEqual({
      ok: true,
      minutes: 270,
    });
  });

  it('rejects an end equal to the start', () => {
    expect(shiftMinutes({ startTime: '09:00', endTime: '09:00', breakDuration: 0 })).toEqual({
      ok: false,
      field: 'endTime',
      message: 'End time must be different from start time',
    });
  });

  it('rejects a break as long as or longer than the shift instead of a negative shift', () => {
    const expected = { ok: false, field: 'breakDuration', message: shiftMessages.breakTooLong };
    expect(shiftMinutes({ startTime: '09:00', endTime: '10:00', breakDuration: 60 })).toEqual(
      expected,
    );
    expect(shiftMinutes({ startTime: '09:00', endTime: '10:00', breakDuration: 90 })).toEqual(
      expected,
    );
  });

  it('rejects a fractional or negative break', () => {
    for (const breakDuration of [1.5, -5, Number.NaN]) {
      expect(shiftMinutes({ startTime: '09:00', endTime: '17:00', breakDuration })).toEqual({
        ok: false,
        field: 'breakDuration',
        message: 'Break must be a whole number of minutes',
      });
    }
  });

  it('names the field of a malformed time', () => {
    expect(shiftMinutes({ startTime: '9am', endTime: '17:00', breakDuration: 0 })).toMatchObject({
      ok: false,
      field: 'startTime',
    });
    expect(shiftMinutes({ startTime: '09:00', endTime: '24:00', breakDuration: 0 })).toMatchObject({
      ok: false,
      field: 'endTime',
    });
  });

  it('always gives 1 to 1440 worked minutes for a valid shift', () => {
    const minute = fc.integer({ min: 0, max: 1439 });
    fc.assert(
      fc.property(minute, minute, fc.integer({ min: 0, max: 1439 }), (start, end, pause) => {
        const result = shiftMinutes({
          startTime: formatTime24(start),
          endTime: formatTime24(end),
          breakDuration: pause,
        });
        if (result.ok) {
          expect(result.minutes).toBeGreaterThanOrEqual(1);
          expect(result.minutes).toBeLessThanOrEqual(1440);
          expect(result.minutes + pause).toBe((end - start + 1440) % 1440);
        } else {
          expect(start === end || pause >= (end - start + 1440) % 1440).toBe(true);
        }
      }),
    );
  });
});

describe('shifts that end the next day', () => {
  it('end the next day only when the end is before the start', () => {
    expect(shiftEndsNextDay({ startTime: '22:00', endTime: '06:00' })).toBe(true);
    expect(shiftEndsNextDay({ startTime: '09:00', endTime: '17:00' })).toBe(false);
    expect(shiftEndsNextDay({ startTime: '09:00', endTime: 'bad' })).toBe(false);
  });

  it('end on January 1 when a night shift starts on December 31', () => {
    expect(shiftEndDate('2025-12-31', { startTime: '22:00', endTime: '06:00' })).toBe('2026-01-01');
    expect(shiftEndDate('2026-01-31', { startTime: '23:00', endTime: '01:00' })).toBe('2026-02-01');
    expect(shiftEndDate('2024-02-28', { startTime: '20:00', endTime: '02:00' })).toBe('2024-02-29');
    expect(shiftEndDate('2025-12-31', { startTime: '09:00', endTime: '23:59' })).toBe('2025-12-31');
  });
});
