// An employer's holiday dates (decision 039): the public holidays of its country and region for
// the years it has shifts, and the dates added or taken off by hand.
import { sql } from 'drizzle-orm';
import type { EmployerHoliday } from '../../../shared/schemas/holidays.ts';
import type { Executor } from '../../db/open.ts';

/** Another country or region: its public holidays are filled again as years are needed. */
export async function resetPublicHolidays(db: Executor, userId: number, employerId: number) {
  await db.execute(sql`
    delete from employer_holidays
     where employer_id = ${employerId} and user_id = ${userId} and source = 'library'`);
  await db.execute(sql`
    update employers set holiday_years = '{}'
     where id = ${employerId} and user_id = ${userId}`);
}

export async function holidaysInYear(
  db: Executor,
  userId: number,
  employerId: number,
  year: number,
): Promise<EmployerHoliday[]> {
  const { rows } = await db.execute<EmployerHoliday>(sql`
    select date::text as date, name, source, removed from employer_holidays
     where employer_id = ${employerId} and user_id = ${userId}
       and date between ${`${year}-01-01`} and ${`${year}-12-31`}
     order by date`);
  return rows;
}

/** A date by hand, or a public holiday taken off the list put back (its own name kept). */
export async function addHoliday(
  db: Executor,
  userId: number,
  employerId: number,
  date: string,
  name: string,
): Promise<void> {
  await db.execute(sql`
    insert into employer_holidays (user_id, employer_id, date, name, source)
    values (${userId}, ${employerId}, ${date}, ${name}, 'added')
    on conflict (employer_id, date) do update
       set removed = false,
           name = case when employer_holidays.source = 'added' then excluded.name
                       else employer_holidays.name end`);
}

/** A date added by hand goes; a public holiday stays on record, taken off. False: none. */
export async function removeHoliday(
  db: Executor,
  userId: number,
  employerId: number,
  date: string,
): Promise<boolean> {
  const deleted = await db.execute(sql`
    delete from employer_holidays
     where employer_id = ${employerId} and user_id = ${userId} and date = ${date}
       and source = 'added'`);
  if ((deleted.rowCount ?? 0) > 0) return true;
  const updated = await db.execute(sql`
    update employer_holidays set removed = true
     where employer_id = ${employerId} and user_id = ${userId} and date = ${date}
       and not removed`);
  return (updated.rowCount ?? 0) > 0;
}
