// An employer's stored public holidays (decision 039): the dates of its country and region for
// each year it has shifts, filled when a year is first needed. Pay reads only the stored dates
// (src/server/db/pay-results.ts), so a new edition of the holiday library changes no pay already
// worked out.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/open.ts';
import { publicHolidays } from './holidays.ts';

/**
 * Stores the public holidays of the employer's country and region for the years not stored yet,
 * so a year's first shift finds them (decision 039); nothing without a country.
 */
export async function ensureHolidayYears(
  db: Executor,
  userId: number,
  employerId: number,
  years: Iterable<number>,
): Promise<void> {
  const { rows } = await db.execute<{
    country: string | null;
    region: string | null;
    stored: number[];
  }>(sql`
    select holiday_country as country, holiday_region as region, holiday_years as stored
      from employers where id = ${employerId} and user_id = ${userId}`);
  const row = rows[0];
  if (!row?.country) return;
  const missing = [...new Set(years)].filter(
    (year) => year >= 2000 && year <= 2100 && !row.stored.includes(year),
  );
  if (missing.length === 0) return;
  const dates: string[] = [];
  const names: string[] = [];
  for (const year of missing) {
    for (const holiday of publicHolidays(row.country, row.region, year) ?? []) {
      dates.push(holiday.date);
      names.push(holiday.name);
    }
  }
  if (dates.length > 0) {
    await db.execute(sql`
      insert into employer_holidays (user_id, employer_id, date, name, source)
      select ${userId}, ${employerId}, d, n, 'library'
        from unnest(${sql.param(dates)}::date[], ${sql.param(names)}::text[]) as v(d, n)
      on conflict (employer_id, date) do nothing`);
  }
  await db.execute(sql`
    update employers
       set holiday_years = (select array_agg(distinct y order by y)
                              from unnest(holiday_years || ${sql.param(missing)}::int[]) y)
     where id = ${employerId} and user_id = ${userId}`);
}

/** Fills every year the employer has shifts in (after its country or region changed). */
export async function ensureHolidayYearsOfShifts(
  db: Executor,
  userId: number,
  employerId: number,
): Promise<void> {
  const { rows } = await db.execute<{ year: number }>(sql`
    select distinct extract(year from date)::int as year from work_logs
     where employer_id = ${employerId} and user_id = ${userId}`);
  await ensureHolidayYears(
    db,
    userId,
    employerId,
    rows.map((row) => row.year),
  );
}
