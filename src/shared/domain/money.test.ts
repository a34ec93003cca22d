import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatCurrency,
  formatMoneyString,
  formatPercent,
  mulDivRound,
  parseMoney,
  parsePercent,
} from './money.ts';

describe('mulDivRound', () => {
  it('rounds a × b / c to the nearest integer with halves up', () => {
    expect(mulDivRound(5, 1, 10)).toBe(1);
    expect(mulDivRound(4, 1, 10)).toBe(0);
    expect(mulDivRound(15, 1, 10)).toBe(2);
    expect(mulDivRound(7, 3, 2)).toBe(11);
  });

  it('rounds halves away from zero for negative products', () => {
    expect(mulDivRound(-5, 1, 10)).toBe(-1);
    expect(mulDivRound(-4, 1, 10)).toBe(0);
    expect(Object.is(mulDivRound(-4, 1, 10), 0)).toBe(true);
  });

  it('stays exact when a × b passes 2^53', () => {
    expect(mulDivRound(Number.MAX_SAFE_INTEGER, 10, 10)).toBe(Number.MAX_SAFE_INTEGER);
    expect(mulDivRound(2 ** 40 + 1, 2 ** 20, 2 ** 21)).toBe(2 ** 39 + 1);
  });

  it('refuses a zero divisor and non-integer operands', () => {
    expect(() => mulDivRound(1, 1, 0)).toThrow(RangeError);
    expect(() => mulDivRound(1.5, 1, 1)).toThrow(RangeError);
  });

  it('agrees with exact BigInt rounding for any safe operands', () => {
    const int = fc.integer({ min: 0, max: 2 ** 40 });
    fc.assert(
      fc.property(int, int, fc.integer({ min: 1, max: 2 ** 30 }), (a, b, c) => {
        const exact = (2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c));
        fc.pre(exact <= BigInt(Number.MAX_SAFE_INTEGER));
        expect(mulDivRound(a, b, c)).toBe(Number(exact));
      }),
    );
  });
});

describe('parseMoney', () => {
  it('reads decimal strings and numbers as whole cents', () => {
    expect(parseMoney('24.5')).toBe(2450);
    expect(parseMoney('24.50')).toBe(2450);
    expect(parseMoney('24')).toBe(2400);
    expect(parseMoney(24.5)).toBe(2450);
    expect(parseMoney('0.1')).toBe(10);
    expect(parseMoney('0.07')).toBe(7);
    expect(parseMoney(' 3.00 ')).toBe(300);
  });

  it('reads amounts whose float product would be off by a cent', () => {
    // 1.005 * 100 === 100.49999999999999 and 4.35 * 100 === 434.99999999999994 in floats.
    expect(parseMoney('4.35')).toBe(435);
    expect(parseMoney(0.29)).toBe(29);
    expect(parseMoney('1234567.89')).toBe(123456789);
  });

  it('rejects negatives, more than two decimals, NaN and malformed text', () => {
    for (const bad of ['-1', '1.005', '', '.5', '5.', 'abc', '1e3', '1,000.00', Number.NaN, -2]) {
      expect(parseMoney(bad)).toBeNull();
    }
    expect(parseMoney(0.1 + 0.2)).toBeNull();
    expect(parseMoney('99999999999999999')).toBeNull();
  });

  it('reads back every amount formatMoneyString writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(parseMoney(formatMoneyString(cents))).toBe(cents);
      }),
    );
  });
});

describe('formatting money', () => {
  it('writes cents as the API numeric string with two decimals', () => {
    expect(formatMoneyString(2450)).toBe('24.50');
    expect(formatMoneyString(5)).toBe('0.05');
    expect(formatMoneyString(0)).toBe('0.00');
    expect(formatMoneyString(-1234)).toBe('-12.34');
  });

  it('formats a currency amount with Intl, dollars by default', () => {
    expect(formatCurrency(123450)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(123450, 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
  });

  it('never rounds an amount away in a currency without cents, nor pads one with three', () => {
    expect(formatCurrency(150000, 'JPY')).toBe('¥1,500');
    expect(formatCurrency(123450, 'JPY')).toBe('¥1,234.5');
    expect(formatCurrency(123455, 'JPY')).toBe('¥1,234.55');
    expect(formatCurrency(1500, 'KWD')).toBe('KWD\u00a015.000');
  });

  it('shows the largest amounts to the cent, not rounded through a float', () => {
    expect(formatCurrency(9_007_199_254_740_991)).toBe('$90,071,992,547,409.91');
    expect(formatCurrency(-9_007_199_254_740_991)).toBe('-$90,071,992,547,409.91');
  });

  it('shows an unknown currency code as US dollars instead of failing the page', () => {
    expect(formatCurrency(1234, 'ZZZ1')).toBe('$12.34');
  });

  it('keeps every cent of any amount in every currency it can format', () => {
    const codes = Intl.supportedValuesOf('currency');
    const readBack = (cents: number, code: string) =>
      Math.round(
        Number(
          formatCurrency(cents, code)
            .replace(currencySymbol(code), '')
            .replace(/[^\d.]/g, ''),
        ) * 100,
      );
    for (const code of codes) expect(readBack(123_456_789, code), code).toBe(123_456_789);
    fc.assert(
      fc.property(
        fc.constantFrom(...codes),
        fc.integer({ min: 0, max: 10 ** 12 }),
        (code, cents) => {
          // The shown number, read back, is the amount to the cent.
          expect(readBack(cents, code)).toBe(cents);
        },
      ),
    );
  });

  it('names the sign shown beside an amount field', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('CHF')).toBe('CHF');
  });
});

describe('percentages', () => {
  it('reads a tax rate as basis points', () => {
    expect(parsePercent('15.25')).toBe(1525);
    expect(parsePercent('15')).toBe(1500);
    expect(parsePercent(7.5)).toBe(750);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('100')).toBe(10_000);
    expect(parsePercent('100.00')).toBe(10_000);
  });

  it('rejects rates above 100, with more than two decimals or negative', () => {
    expect(parsePercent('100.001')).toBeNull();
    expect(parsePercent('100.01')).toBeNull();
    expect(parsePercent('15.125')).toBeNull();
    expect(parsePercent('-1')).toBeNull();
  });

  it('writes basis points with two decimals and reads them back', () => {
    expect(formatPercent(1525)).toBe('15.25');
    expect(formatPercent(1500)).toBe('15.00');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (bp) => {
        expect(parsePercent(formatPercent(bp))).toBe(bp);
      }),
    );
  });
});
