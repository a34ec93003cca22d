import { z } from 'zod';
import { parseScaled } from '../domain/expenses.ts';

/** PostgreSQL `integer`: refused before it reaches SQL. */
export const MAX_ID = 2_147_483_647;

export const wholeNumber = (message: string, min: number, max: number) =>
  // Digits only: no `true`, `[1]`, '0x1' or '1e3' coerced into a number.
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,16}$/, message),
      ],
      { error: message },
    )
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));

export const idField = (message: string) => wholeNumber(message, 1, MAX_ID);

export const idParamsSchema = (message: string) => z.object({ id: idField(message) });

/** Decimal strings ("24.50") keep money exact; a JSON number is read as its decimal text. */
export /** A decimal amount of at most `places` places, from 0 (or above it) to `max`, as its text. */
const decimalField = (label: string, places: number, max: number, positive = false) =>
  z.string().superRefine((text, ctx) => {
    const problem = (() => {
      if (/^-\s*\d/.test(text)) return `${label} must be ${positive ? 'above' : 'at least'} 0`;
      if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return `${label} must be a number like 12.50`;
      const value = parseScaled(text, places);
      if (value === null)
        return `${label} can have at most ${places === 1 ? 'one decimal place' : `${places} decimal places`}`;
      if (positive && value === 0) return `${label} must be above 0`;
      if (value > max * 10 ** places)
        return `${label} must be at most ${max.toLocaleString('en-US')}`;
      return null;
    })();
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Optional decimal text: '' and null are none. */
export const optionalDecimalField = (label: string, places: number, max: number) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${label} must be a number` })
    .transform((v) => (v === null ? '' : typeof v === 'number' ? String(v) : v.trim()))
    .pipe(z.union([z.literal('').transform(() => null), decimalField(label, places, max, true)]));

export const decimalInput = (typeMessage: string) =>
  z
    .union([z.string(), z.number()], { error: typeMessage })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim()));

export interface DecimalRules {
  label: 'Hourly rate' | 'Tax rate';
  /** docs/product/screens.md#form-rules */
  notANumber: string;
  example: string;
  max: { value: number; text: string };
}

export function decimalProblem(text: string, rules: DecimalRules): string | null {
  const { label } = rules;
  if (/^-\s*\d/.test(text)) return `${label} must be at least 0`;
  // '1e3' is a number to JavaScript but not how anyone writes a rate: say so.
  if (/^[\d.]+e[+-]?\d+$/i.test(text))
    return `${label} must be a plain number like ${rules.example}`;
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) return rules.notANumber;
  if (!/^\d*(\.\d{0,2})?$/.test(text)) return `${label} can have at most two decimal places`;
  if (Number(text) > rules.max.value) return `${label} must be at most ${rules.max.text}`;
  return null;
}

export const hourlyRateRules: DecimalRules = {
  label: 'Hourly rate',
  notANumber: 'Hourly rate must be a positive number',
  example: '24.50',
  max: { value: 1_000_000, text: '1,000,000' },
};
