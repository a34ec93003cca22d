import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shiftMinutes } from './shift.ts';
import { formatTime24 } from './time.ts';
import { cellMessages, cellText, readCell, sameCellShift } from './week-cell.ts';

const shift = (startTime: string, endTime: string, breakDuration = 0) => ({
  kind: 'shift',
  shift: { startTime, endTime, breakDuration },
  minutes: (shiftMinutes({ startTime, endTime, breakDuration }) as { minutes: number }).minutes,
});
const invalid = (message: string) => ({ kind: 'invalid', message });

describe('readCell', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['22-6:30', shift('22:00', '06:30')],
    ['9-17 b30', shift('09:00', '17:00', 30)],
    ['9-17b30', shift('09:00', '17:00', 30)],
    ['9:15-17:45', shift('09:15', '17:45')],
    ['9:15 – 17:45', shift('09:15', '17:45')],
    ['0900-1730', shift('09:00', '17:30')],
    ['9 to 5pm', shift('09:00', '17:00')],
    ['9am-5:30PM b1h', shift('09:00', '17:30', 60)],
    ['12am-8am', shift('00:00', '08:00')],
    ['12pm-8p', shift('12:00', '20:00')],
    ['7-15 b0:45', shift('07:00', '15:00', 45)],
    ['7-15 b 20 min', shift('07:00', '15:00', 20)],
    ['7-15 b0.5h', shift('07:00', '15:00', 30)],
    // As the shift dialog reads a pasted range: 9-5 is the afternoon, 10-11pm the evening.
    ['9-5', shift('09:00', '17:00')],
    ['12-8', shift('12:00', '20:00')],
    ['10-11pm', shift('22:00', '23:00')],
    ['9am-5am', shift('09:00', '05:00')],
    ['20-4', shift('20:00', '04:00')],
    ['8', shift('09:00', '17:00')],
    ['7.5h b30', shift('09:00', '16:30', 30)],
    ['7,25', shift('09:00', '16:15')],
  ])('reads %j', (text, expected) => {
    expect(readCell(text)).toEqual(expected);
  });

  it('starts hours typed alone at the usual start, over midnight if need be', () => {
    expect(readCell('8', '22:00')).toEqual(shift('22:00', '06:00'));
    expect(readCell('10 b30', '07:30')).toEqual(shift('07:30', '17:30', 30));
  });

  it.each([
    ['hello', cellMessages.unreadable],
    ['9-', cellMessages.unreadable],
    ['-17', cellMessages.unreadable],
    ['9:75-17', cellMessages.time],
    ['25-6', cellMessages.time],
    ['13pm-2', cellMessages.time],
    ['24', cellMessages.hours],
    ['0', cellMessages.hours],
    ['7.33', cellMessages.hours],
    ['9-17 b', cellMessages.breakText],
    ['9-17 b1:75', cellMessages.breakText],
    ['9-17 b2.5', cellMessages.breakText],
    ['9-9', cellMessages.sameTimes],
    ['9-10 b60', cellMessages.breakTooLong],
    ['4 b4h', cellMessages.breakTooLong],
  ])('refuses %j, saying why', (text, message) => {
    expect(readCell(text)).toEqual(invalid(message));
  });

  const time = fc.integer({ min: 0, max: 1439 }).map(formatTime24);
  const anyShift = fc
    .record({ startTime: time, endTime: time, breakDuration: fc.integer({ min: 0, max: 1438 }) })
    .filter((s) => shiftMinutes(s).ok);

  it('reads back what cellText writes, for every valid shift', () => {
    fc.assert(
      fc.property(anyShift, (s) => {
        const reading = readCell(cellText(s));
        expect(reading.kind).toBe('shift');
        if (reading.kind === 'shift') {
          expect(reading.shift).toEqual(s);
          expect(reading.minutes).toBe((shiftMinutes(s) as { minutes: number }).minutes);
          expect(sameCellShift(reading.shift, { ...s, startTime: `${s.startTime}:00` })).toBe(true);
        }
      }),
    );
  });

  it('never throws, and a shift it reads is always a valid one', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (text) => {
        const reading = readCell(text);
        if (reading.kind === 'shift') expect(shiftMinutes(reading.shift).ok).toBe(true);
      }),
    );
  });

  it('writes shifts compactly', () => {
    expect(cellText({ startTime: '09:00:00', endTime: '17:00:00', breakDuration: 30 })).toBe(
      '9-17 b30',
    );
    expect(cellText({ startTime: '22:00', endTime: '06:30', breakDuration: 0 })).toBe('22-6:30');
    // "9-5" would read as 09:00–17:00: this one says am.
    expect(cellText({ startTime: '09:00', endTime: '05:00', breakDuration: 15 })).toBe(
      '9am-5am b15',
    );
    expect(cellText({ startTime: '00:30', endTime: '12:00', breakDuration: 0 })).toBe('0:30-12');
  });
});
