import { sql } from 'drizzle-orm';
import { formatMoneyString, formatPercent } from '../../../shared/domain/money.ts';
import { noOvertime } from '../../../shared/domain/overtime.ts';
import {
  type ChangePreview,
  type CreateEmployer,
  type Employer,
  PAY_CALENDAR_MESSAGES,
  type RateHistory,
  type UpdateEmployer,
} from '../../../shared/schemas/employers.ts';
import { type EmployerHolidays, HOLIDAY_MESSAGES } from '../../../shared/schemas/holidays.ts';
import type { Db, Executor } from '../../db/open.ts';
import { recomputePay } from '../../db/pay-results.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { ensureHolidayYears, ensureHolidayYearsOfShifts } from '../../lib/employer-holidays.ts';
import { holidayRegions } from '../../lib/holidays.ts';
import { logIdsOfEmployer, pageIdsOf } from '../notion/notion.repository.ts';
import { queueArchive, queueSync } from '../notion/notion.service.ts';
import { groupMatesOf, repayGroupMates } from './employer-groups.service.ts';
import {
  addHoliday,
  holidaysInYear,
  removeHoliday,
  resetPublicHolidays,
} from './employer-holidays.repository.ts';
import {
  findRateHistory,
  insertFirstVersion,
  ownsEmployer,
} from './employer-pay-rules.repository.ts';
import { changePayRules, previewPayChange } from './employer-rule-changes.service.ts';
import {
  deleteEmployer,
  findEmployer,
  findEmployerNamed,
  createEmployer as insertEmployer,
  updateEmployer as updateEmployerRow,
} from './employers.repository.ts';

export const employerNotFound = () => notFound('Employer not found');

const invalid = (field: string, message: string) =>
  new AppError('validation_failed', 400, message, { [field]: message });

/** A country the holiday library knows, and a region of it (or none). */
function checkHolidayPlace(country: string | null, region: string | null): void {
  if (country === null) {
    if (region !== null) throw invalid('holidayRegion', 'Choose a country first');
    return;
  }
  const regions = holidayRegions(country);
  if (!regions) throw invalid('holidayCountry', HOLIDAY_MESSAGES.country);
  if (region !== null && !regions.some((r) => r.code.toUpperCase() === region)) {
    throw invalid('holidayRegion', HOLIDAY_MESSAGES.region);
  }
}

/** Semi-monthly periods start on two days of the month, monthly ones on one (or the 1st). */
function checkPayCalendar(schedule: string | undefined, startDays: readonly number[] | undefined) {
  const days = startDays ?? [];
  if (schedule === 'semimonthly' && days.length === 1) {
    throw invalid('payStartDays', PAY_CALENDAR_MESSAGES.semimonthly);
  }
  if (schedule === 'monthly' && days.length > 1) {
    throw invalid('payStartDays', PAY_CALENDAR_MESSAGES.monthly);
  }
}

const NAME_INDEX = 'employers_user_id_name_unique';
const nameTaken = (name: string) => {
  const message = `You already have an employer named "${name}"`;
  return new AppError('conflict', 409, message, { name: message });
};

/** Checked first for a clear message; the unique index settles two saves racing each other. */
async function withUniqueName<T>(
  db: Executor,
  userId: number,
  name: string | undefined,
  exceptId: number | undefined,
  write: () => Promise<T>,
): Promise<T> {
  if (name !== undefined) {
    const other = await findEmployerNamed(db, userId, name, exceptId);
    if (other) throw nameTaken(other.name);
  }
  try {
    return await write();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error, NAME_INDEX)) throw nameTaken(name);
    throw error;
  }
}

/** Each write is one transaction handed down to the repository, so what it causes commits with it. */
export function addEmployer(db: Db, userId: number, input: CreateEmployer): Promise<Employer> {
  checkHolidayPlace(input.holidayCountry, input.holidayRegion);
  checkPayCalendar(input.timesheetSchedule, input.payStartDays);
  return transaction(
    db,
    (tx) =>
      withUniqueName(tx, userId, input.name, undefined, async () => {
        const employer = await insertEmployer(tx, userId, input);
        await insertFirstVersion(tx, userId, employer.id);
        return employer;
      }),
    { userId },
  );
}

export async function changeEmployer(
  db: Db,
  userId: number,
  id: number,
  changes: UpdateEmployer,
  now: Date,
): Promise<Employer> {
  const employer = await transaction(
    db,
    async (tx) => {
      // Locks the employer first, so two edits of its rules take turns (decision 036).
      const rules = await changePayRules(tx, userId, id, changes, now);
      if (!rules) return undefined;
      const { latest } = rules;
      const current = await findEmployer(tx, userId, id);
      const before = changes.name === undefined ? undefined : current?.name;
      const { applyChange: _, ...fields } = changes;
      const country =
        changes.holidayCountry === undefined ? current?.holidayCountry : changes.holidayCountry;
      const region =
        changes.holidayRegion === undefined ? current?.holidayRegion : changes.holidayRegion;
      checkHolidayPlace(country ?? null, region ?? null);
      checkPayCalendar(
        changes.timesheetSchedule ?? current?.timesheetSchedule,
        changes.payStartDays ?? current?.payStartDays,
      );
      const placeChanged =
        current !== undefined &&
        (current.holidayCountry !== (country ?? null) ||
          current.holidayRegion !== (region ?? null));
      const changed = await withUniqueName(tx, userId, changes.name, id, () =>
        updateEmployerRow(tx, userId, id, {
          ...fields,
          hourlyRate: formatMoneyString(latest.rateCents),
          roundingStep: latest.roundingStep,
          roundingDirection: latest.roundingDirection,
          payPrecision: latest.payPrecision,
          taxMethod: latest.taxMethod,
          taxRate: formatPercent(latest.taxBasisPoints),
          overtime: latest.overtime ?? noOvertime,
          premiums: [...(latest.premiums ?? [])],
        }),
      );
      // Another country's (or region's) public holidays replace the old ones; dates added by
      // hand stay. The shifts are paid again with them.
      if (changed && placeChanged) {
        await resetPublicHolidays(tx, userId, id);
        await ensureHolidayYearsOfShifts(tx, userId, id);
        await recomputePay(tx, userId, { employerIds: [id] }, rules.repaid);
      }
      // Its name and its shifts' earnings show on the pages of its logs: either change re-mirrors,
      // and so do the shifts of its overtime group's other employers whose pay moved with it.
      const renamed = before !== undefined && before !== changed?.name;
      if (changed && (rules.changed || placeChanged || renamed)) {
        await queueSync(tx, userId, async () => [
          ...new Set([...(await logIdsOfEmployer(tx, userId, id)), ...rules.repaid]),
        ]);
      }
      return changed;
    },
    { userId },
  );
  if (!employer) throw employerNotFound();
  return employer;
}

export async function removeEmployer(db: Db, userId: number, id: number): Promise<void> {
  const removed = await transaction(
    db,
    async (tx) => {
      // The pages of its logs are archived: queued before the cascade removes the rows.
      await queueArchive(tx, userId, await pageIdsOf(tx, userId, { employerId: id }));
      const mates = await groupMatesOf(tx, userId, id);
      const removed = await deleteEmployer(tx, userId, id);
      // Its hours no longer count toward its overtime group's thresholds.
      if (removed) await repayGroupMates(tx, userId, mates);
      return removed;
    },
    { userId },
  );
  if (!removed) throw employerNotFound();
}

export async function previewEmployerChange(
  db: Db,
  userId: number,
  id: number,
  changes: UpdateEmployer,
  now: Date,
): Promise<ChangePreview> {
  const preview = await transaction(db, (tx) => previewPayChange(tx, userId, id, changes, now), {
    userId,
  });
  if (!preview) throw employerNotFound();
  return preview;
}

export async function rateHistoryOf(db: Db, userId: number, id: number): Promise<RateHistory> {
  if (!(await ownsEmployer(db, userId, id))) throw employerNotFound();
  return findRateHistory(db, userId, id);
}

async function holidayPlaceOf(db: Executor, userId: number, id: number) {
  const { rows } = await db.execute<{ country: string | null; region: string | null }>(sql`
    select holiday_country as country, holiday_region as region from employers
     where id = ${id} and user_id = ${userId} for update`);
  return rows[0];
}

/** The employer's holiday dates in a year, its country's public holidays filled in first. */
export async function holidaysOf(
  db: Db,
  userId: number,
  id: number,
  year: number,
): Promise<EmployerHolidays> {
  return transaction(
    db,
    async (tx) => {
      const place = await holidayPlaceOf(tx, userId, id);
      if (!place) throw employerNotFound();
      await ensureHolidayYears(tx, userId, id, [year]);
      return { ...place, year, holidays: await holidaysInYear(tx, userId, id, year) };
    },
    { userId },
  );
}

/** Adds a date (or puts a public holiday back); the shifts of its week are paid again. */
export async function addHolidayOf(
  db: Db,
  userId: number,
  id: number,
  holiday: { date: string; name: string },
): Promise<EmployerHolidays> {
  const year = Number(holiday.date.slice(0, 4));
  await transaction(
    db,
    async (tx) => {
      if (!(await holidayPlaceOf(tx, userId, id))) throw employerNotFound();
      await ensureHolidayYears(tx, userId, id, [year]);
      await addHoliday(tx, userId, id, holiday.date, holiday.name);
      const changed: number[] = [];
      const touched = [{ employerId: id, date: holiday.date }];
      await recomputePay(tx, userId, { touched }, changed);
      await queueSync(tx, userId, changed);
    },
    { userId },
  );
  return holidaysOf(db, userId, id, year);
}

export async function removeHolidayOf(
  db: Db,
  userId: number,
  id: number,
  date: string,
): Promise<EmployerHolidays> {
  const year = Number(date.slice(0, 4));
  await transaction(
    db,
    async (tx) => {
      if (!(await holidayPlaceOf(tx, userId, id))) throw employerNotFound();
      await ensureHolidayYears(tx, userId, id, [year]);
      if (!(await removeHoliday(tx, userId, id, date))) {
        throw notFound('No holiday on that date');
      }
      const changed: number[] = [];
      const touched = [{ employerId: id, date }];
      await recomputePay(tx, userId, { touched }, changed);
      await queueSync(tx, userId, changed);
    },
    { userId },
  );
  return holidaysOf(db, userId, id, year);
}
