import { type SQL, sql } from 'drizzle-orm';

// Text built by PostgreSQL (lists are sent as JSON text it writes): numbers, dates, search.
/** '7.5' from tenths; '150.00' from cents (both bigint). */
export const hoursTextSql = (tenths: SQL): SQL =>
  sql`((${tenths}) / 10)::text || '.' || ((${tenths}) % 10)::text`;
export const moneyTextSql = (cents: SQL): SQL =>
  sql`((${cents}) / 100)::text || '.' || lpad(((${cents}) % 100)::text, 2, '0')`;

export const isoTextSql = (column: SQL): SQL =>
  sql`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Sums arrive as bigint/numeric text: '125' tenths → '12.5', '31250' cents → '312.50'. */
export function formatHoursText(tenths: string): string {
  const n = BigInt(tenths);
  return `${n / 10n}.${n % 10n}`;
}
export function formatMoneyText(cents: string): string {
  const n = BigInt(cents);
  return `${n / 100n}.${String(n % 100n).padStart(2, '0')}`;
}

/** Text folded for search: lower case without accents (hourbook_fold, migration 0002). */
export const foldedSql = (text: SQL): SQL => sql`hourbook_fold(${text})`;

export const containsPatternSql = (needle: string): SQL =>
  sql`'%' || replace(replace(replace(hourbook_fold(${needle}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
