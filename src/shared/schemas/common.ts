import { z } from 'zod';

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
