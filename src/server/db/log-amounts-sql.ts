import { type SQL, sql } from 'drizzle-orm';

// SQL twins of src/shared/domain's logAmounts (tests prove them equal): docs/product/money.md.
export const stepMinutesSql = (userId: number): SQL => sql`coalesce(
  (select case round_time when 'none' then 1 else round_time::text::int end
     from settings where user_id = ${userId}), 1)`;

export const workedMinutesSql = sql`((extract(epoch from (l.end_time - l.start_time)) / 60)::int
  + case when l.end_time < l.start_time then 1440 else 0 end - l.break_duration)`;

export const rateCentsSql = sql`((case when l.hourly_rate_at_time > 0 then l.hourly_rate_at_time
  else e.hourly_rate end) * 100)::bigint`;

export const tenthsSql = (minutes: SQL, step: SQL): SQL =>
  sql`floor(floor(${minutes}::numeric / ${step} + 0.5) * ${step} / 6.0 + 0.5)::bigint`;

export const centsSql = (tenths: SQL, rateCents: SQL): SQL =>
  sql`((${tenths}) * (${rateCents}) + 5) / 10`;

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
