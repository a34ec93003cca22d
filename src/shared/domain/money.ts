// Integer cents and basis points, parsed from the decimal text, never by float (docs/product/money.md).

const moneyPattern = /^(\d+)(?:\.(\d{1,2}))?$/;

function assertSafeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer`);
}

/** round(a × b / c), halves away from zero, exact for any safe integers (BigInt when needed). */
export function mulDivRound(a: number, b: number, c: number): number {
  assertSafeInteger(a, 'a');
  assertSafeInteger(b, 'b');
  assertSafeInteger(c, 'c');
  if (c === 0) throw new RangeError('c must not be 0');
  const negative = (a < 0 !== b < 0) !== c < 0;
  const [x, y, z] = [Math.abs(a), Math.abs(b), Math.abs(c)];
  let result: number;
  // Float rounding is monotonic, so this test cannot pass for a true value above 2^53 − 1.
  if (2 * x * y + z <= Number.MAX_SAFE_INTEGER) {
    result = Math.floor((2 * x * y + z) / (2 * z));
  } else {
    result = Number((2n * BigInt(x) * BigInt(y) + BigInt(z)) / (2n * BigInt(z)));
  }
  assertSafeInteger(result, 'result');
  return negative && result > 0 ? -result : result;
}

function parseHundredths(input: string | number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim();
  const match = moneyPattern.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const value = whole * 100 + fraction;
  return Number.isSafeInteger(whole) && Number.isSafeInteger(value) ? value : null;
}

export function parseMoney(input: string | number): number | null {
  return parseHundredths(input);
}

export function formatMoneyString(cents: number): string {
  assertSafeInteger(cents, 'cents');
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const DEFAULT_CURRENCY = 'USD';

export function formatCurrency(
  cents: number,
  currency = DEFAULT_CURRENCY,
  locale = 'en-US',
): string {
  assertSafeInteger(cents, 'cents');
  // The decimal text, not cents / 100: a float would round amounts past 2^53 / 100. Intl
  // formats a numeric string exactly (ECMA-402 NumberFormat v3).
  const decimal = formatMoneyString(cents) as `${number}`;
  return currencyFormat(currency, locale).format(decimal);
}

const formats = new Map<string, Intl.NumberFormat>();

/** Each currency shows the cents it has (¥1,234.5; KWD three); an unknown code falls back to USD. */
function currencyFormat(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    let digits: number;
    try {
      digits =
        new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      return currencyFormat('USD', locale);
    }
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: Math.max(digits, 2),
    });
    formats.set(key, format);
  }
  return format;
}

export function parsePercent(input: string | number): number | null {
  const basisPoints = parseHundredths(input);
  return basisPoints !== null && basisPoints <= 10_000 ? basisPoints : null;
}

export function formatPercent(basisPoints: number): string {
  return formatMoneyString(basisPoints);
}

export function currencySymbol(currency: string, locale = 'en-US'): string {
  const parts = currencyFormat(currency, locale).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}
