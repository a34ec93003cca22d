import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatTime24,
  fromTwentyFourHour,
  type TwelveHourTime,
} from '../../../../shared/domain/index.ts';
import { readBreak, readTime, readTimeRange, timeFields } from './time-reading';

const at = (hour: string, minute: string, period: 'AM' | 'PM' = 'AM'): TwelveHourTime => ({
  hour,
  minute,
  period,
});
const clock = (time: TwelveHourTime) => {
  const reading = readTime(time);
  return reading.ok ? reading.clock : reading.message;
};

describe('reading a typed time (docs/product/deviations.md#9-an-hour-typed-as-1323-is-24-hour-time)', () => {
  it('keeps the chosen AM/PM for 1 to 12', () => {
    expect([clock(at('1', '05')), clock(at('12', '00')), clock(at('12', '00', 'PM'))]).toEqual([
      '01:05',
      '00:00',
      '12:00',
    ]);
    expect(clock(at('05', '30', 'PM'))).toBe('17:30');
  });

  it('reads 13 to 23 as 24-hour time whatever AM/PM says, and 0 as 12 AM', () => {
    expect([clock(at('13', '00')), clock(at('17', '00')), clock(at('23', '59', 'PM'))]).toEqual([
      '13:00',
      '17:00',
      '23:59',
    ]);
    expect(clock(at('0', '15', 'PM'))).toBe('00:15');
    expect(readTime(at('17', '0'))).toMatchObject({
      time: { hour: '05', minute: '00', period: 'PM' },
    });
  });

  it('refuses what is not a time instead of changing it into one', () => {
    expect(clock(at('', '00'))).toBe('Enter an hour from 1 to 12');
    for (const hour of ['24', '99', '-1', '1.5', 'ab', '123']) {
      expect(clock(at(hour, '00'))).toBe('Enter an hour from 1 to 12, or 0 to 23 for 24-hour time');
    }
    for (const minute of ['60', '99', '5.', 'x', '100']) {
      expect(clock(at('9', minute))).toBe('Enter minutes from 00 to 59');
    }
  });

  it('reads back every minute of the day as the fields show it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minutes) => {
        const text = formatTime24(minutes);
        const fields = fromTwentyFourHour(text);
        expect(fields).not.toBeNull();
        if (fields) expect(readTime(fields)).toEqual({ ok: true, time: fields, clock: text });
      }),
    );
  });
});

describe('reading a time typed by a user who reads 24-hour time', () => {
  const at24 = (hour: string, minute: string): TwelveHourTime => ({ hour, minute, period: 'PM' });
  const clock24 = (time: TwelveHourTime) => {
    const reading = readTime(time, '24-hour');
    return reading.ok ? reading.clock : reading.message;
  };

  it('reads 00 to 23 as they are, whatever the hidden AM/PM says', () => {
    expect([clock24(at24('06', '30')), clock24(at24('6', '30')), clock24(at24('0', '5'))]).toEqual([
      '06:30',
      '06:30',
      '00:05',
    ]);
    expect(clock24(at24('12', '00'))).toBe('12:00');
    expect(readTime(at24('6', '30'), '24-hour')).toMatchObject({
      time: { hour: '06', minute: '30', period: 'AM' },
    });
  });

  it('refuses an hour past 23 or an empty one with a 24-hour message', () => {
    for (const hour of ['', '24', '99', 'ab']) {
      expect(clock24(at24(hour, '00'))).toBe('Enter an hour from 00 to 23');
    }
  });

  it('reads back every minute of the day as its boxes show it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minutes) => {
        const text = formatTime24(minutes);
        const fields = timeFields(text, '24-hour');
        expect(fields?.hour).toBe(text.slice(0, 2));
        if (fields)
          expect(readTime(fields, '24-hour')).toEqual({ ok: true, time: fields, clock: text });
      }),
    );
  });
});

describe('reading a typed break', () => {
  it('takes whole minutes (empty is none) and nothing else', () => {
    expect([readBreak(''), readBreak(' 30 '), readBreak('0')]).toEqual([0, 30, 0]);
    expect([readBreak('12.5'), readBreak('-5'), readBreak('1e3'), readBreak('3a0')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('reading a pasted shift', () => {
  it.each([
    ['9-17', '09:00', '17:00'],
    ['22:00-06:30', '22:00', '06:30'],
    ['9:30–17:15', '09:30', '17:15'],
    ['9:30 — 17:15', '09:30', '17:15'],
    ['9am-5pm', '09:00', '17:00'],
    ['9 a.m. - 5 p.m.', '09:00', '17:00'],
    ['10pm-6am', '22:00', '06:00'],
    ['9-5pm', '09:00', '17:00'],
    ['10-11pm', '22:00', '23:00'],
    ['9-5', '09:00', '17:00'],
    ['12-8', '12:00', '20:00'],
    ['9 to 5', '09:00', '17:00'],
    [' 07.45-16.00 ', '07:45', '16:00'],
  ])('%s is %s to %s', (text, start, end) => {
    expect(readTimeRange(text)).toEqual({ start, end });
  });

  it.each([
    '9',
    '17:30',
    '9-',
    '-17',
    '9-17-20',
    '25-3',
    '9:60-17',
    '13pm-2pm',
    'nine-five',
    '9/17',
  ])('%s is not a shift', (text) => {
    expect(readTimeRange(text)).toBeNull();
  });
});
