import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundTimeOptions } from '../schemas/settings.ts';
import { formatHours, roundMinutes, toTenths } from './rounding.ts';

const minutes = fc.integer({ min: 0, max: 1440 });
const option = fc.constantFrom(...roundTimeOptions);

describe('roundMinutes', () => {
  it("leaves minutes alone for Don't round", () => {
    expect(roundMinutes(7, 'none')).toBe(7);
    expect(roundMinutes(481, 'none')).toBe(481);
  });

  it('rounds to the nearest 5 minutes with halves up', () => {
    expect(roundMinutes(2, '5')).toBe(0);
    expect(roundMinutes(3, '5')).toBe(5);
    expect(roundMinutes(482, '5')).toBe(480);
    expect(roundMinutes(483, '5')).toBe(485);
  });

  it('rounds to the nearest quarter hour with 7.5 minutes as the half', () => {
    expect(roundMinutes(7, '15')).toBe(0);
    expect(roundMinutes(8, '15')).toBe(15);
    expect(roundMinutes(22, '15')).toBe(15);
    expect(roundMinutes(23, '15')).toBe(30);
    expect(roundMinutes(487, '15')).toBe(480);
    expect(roundMinutes(488, '15')).toBe(495);
  });

  it('rounds to the nearest half hour with 15 minutes rounding up', () => {
    expect(roundMinutes(14, '30')).toBe(0);
    expect(roundMinutes(15, '30')).toBe(30);
    expect(roundMinutes(464, '30')).toBe(450);
    expect(roundMinutes(465, '30')).toBe(480);
  });

  it('rounds to the nearest hour with 30 minutes rounding up', () => {
    expect(roundMinutes(29, '60')).toBe(0);
    expect(roundMinutes(30, '60')).toBe(60);
    expect(roundMinutes(449, '60')).toBe(420);
    expect(roundMinutes(450, '60')).toBe(480);
  });

  it('may round a short shift to nothing', () => {
    expect(roundMinutes(5, '60')).toBe(0);
  });

  it('is idempotent for every option', () => {
    fc.assert(
      fc.property(minutes, option, (m, o) => {
        expect(roundMinutes(roundMinutes(m, o), o)).toBe(roundMinutes(m, o));
      }),
    );
  });

  it('moves minutes by at most half a step and rounds an exact half up', () => {
    const step = { none: 1, '5': 5, '15': 15, '30': 30, '60': 60 } as const;
    fc.assert(
      fc.property(minutes, option, (m, o) => {
        const rounded = roundMinutes(m, o);
        expect(rounded % step[o]).toBe(0);
        expect(2 * Math.abs(rounded - m)).toBeLessThanOrEqual(step[o]);
        expect(2 * (rounded - m)).not.toBe(-step[o]);
      }),
    );
  });
});

describe('tenths of an hour', () => {
  it('rounds minutes to tenths with 3 minutes as the half', () => {
    expect(toTenths(0)).toBe(0);
    expect(toTenths(2)).toBe(0);
    expect(toTenths(3)).toBe(1);
    expect(toTenths(8)).toBe(1);
    expect(toTenths(9)).toBe(2);
    expect(toTenths(450)).toBe(75);
    expect(toTenths(899)).toBe(150);
  });

  it('never decreases as the minutes grow', () => {
    fc.assert(
      fc.property(minutes, minutes, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(toTenths(low)).toBeLessThanOrEqual(toTenths(high));
      }),
    );
  });

  it('shows hours with one decimal', () => {
    expect(formatHours(75)).toBe('7.5');
    expect(formatHours(80)).toBe('8.0');
    expect(formatHours(0)).toBe('0.0');
    expect(formatHours(1234)).toBe('123.4');
  });

  it('refuses negative or fractional minutes', () => {
    expect(() => roundMinutes(-1, '15')).toThrow(RangeError);
    expect(() => toTenths(1.5)).toThrow(RangeError);
  });
});
