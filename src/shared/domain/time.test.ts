import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTime, formatTime24, fromTwentyFourHour, parseTime } from './time.ts';

describe('parseTime', () => {
  it('reads HH:MM and PostgreSQL HH:MM:00 as minutes since midnight', () => {
    expect(parseTime('00:00')).toBe(0);
    expect(parseTime('09:05')).toBe(545);
    expect(parseTime('23:59')).toBe(1439);
    expect(parseTime('17:30:00')).toBe(1050);
  });

  it('rejects times outside the day, loose formats and seconds it would have to drop', () => {
    for (const bad of ['24:00', '9:05', '09:60', '09:5', '', 'noon', '09:05:30', '09:05 PM']) {
      expect(parseTime(bad)).toBeNull();
    }
  });

  it('reads back every time formatTime24 writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minutes) => {
        expect(parseTime(formatTime24(minutes))).toBe(minutes);
      }),
    );
  });
});

describe('formatTime', () => {
  it('writes 24-hour times with leading zeros', () => {
    expect(formatTime(545, '24-hour')).toBe('09:05');
    expect(formatTime(0, '24-hour')).toBe('00:00');
  });

  it('writes 12-hour times with 12 AM at midnight and 12 PM at noon', () => {
    expect(formatTime(545, '12-hour')).toBe('9:05 AM');
    expect(formatTime(0, '12-hour')).toBe('12:00 AM');
    expect(formatTime(720, '12-hour')).toBe('12:00 PM');
    expect(formatTime(1439, '12-hour')).toBe('11:59 PM');
  });

  it('refuses a number that is not a minute of the day', () => {
    expect(() => formatTime24(1440)).toThrow(RangeError);
    expect(() => formatTime(-1, '12-hour')).toThrow(RangeError);
  });
});

describe('the work-log form 12-hour fields', () => {
  it('splits a 24-hour time into the form fields', () => {
    expect(fromTwentyFourHour('09:00')).toEqual({ hour: '09', minute: '00', period: 'AM' });
    expect(fromTwentyFourHour('00:30')).toEqual({ hour: '12', minute: '30', period: 'AM' });
    expect(fromTwentyFourHour('12:00:00')).toEqual({ hour: '12', minute: '00', period: 'PM' });
    expect(fromTwentyFourHour('17:45')).toEqual({ hour: '05', minute: '45', period: 'PM' });
    expect(fromTwentyFourHour('25:00')).toBeNull();
  });
});
