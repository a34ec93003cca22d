import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OvertimeRule } from '../../../shared/domain/overtime.ts';
import type { PremiumRule } from '../../../shared/domain/premiums.ts';
import {
  brandColors,
  distanceUnits,
  employmentTypes,
  payPrecisions,
  roundingDirections,
  roundingSteps,
  timesheetSchedules,
} from '../../../shared/schemas/enums.ts';
import { taxCalculations } from '../../../shared/schemas/settings.ts';
import { timestamps } from './common.ts';
import { users } from './users.ts';

/** No overtime, workweeks from Sunday 00:00. */
export const NO_OVERTIME_SQL = sql`'{"preset":"none","workweekStartDay":0,"workweekStartTime":"00:00"}'::jsonb`;

export const employmentTypeEnum = pgEnum('employment_type', employmentTypes);
export const timesheetScheduleEnum = pgEnum('timesheet_schedule', timesheetSchedules);
export const brandColorEnum = pgEnum('brand_color', brandColors);
export const roundingStepEnum = pgEnum('rounding_step', roundingSteps);
export const roundingDirectionEnum = pgEnum('rounding_direction', roundingDirections);
export const payPrecisionEnum = pgEnum('pay_precision', payPrecisions);
// The type settings.ts declares too; declared here as well so this file imports no table module.
export const distanceUnitEnum = pgEnum('distance_unit', distanceUnits);
export const taxCalculationType = pgEnum('tax_calculation', taxCalculations);

export const employers = pgTable(
  'employers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Exact money: read back as a string. */
    hourlyRate: numeric('hourly_rate', { precision: 12, scale: 2 }).notNull().default('0'),
    employmentType: employmentTypeEnum('employment_type').notNull().default('full-time'),
    timesheetSchedule: timesheetScheduleEnum('timesheet_schedule').notNull().default('weekly'),
    contactEmail: text('contact_email'),
    phone: text('phone'),
    address: text('address'),
    isActive: boolean('is_active').notNull().default(true),
    departments: text('departments').array().notNull().default(sql`'{}'::text[]`),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    brandColor: brandColorEnum('brand_color').notNull().default('blue'),
    // Pay rules (decision 035); a new employer takes the user's settings.
    taxMethod: taxCalculationType('tax_method').notNull().default('add'),
    roundingStep: roundingStepEnum('rounding_step').notNull().default('none'),
    roundingDirection: roundingDirectionEnum('rounding_direction').notNull().default('nearest'),
    payPrecision: payPrecisionEnum('pay_precision').notNull().default('minutes'),
    // Overtime and shift premiums of the latest version (decision 039), as the form shows them.
    overtime: jsonb('overtime').$type<OvertimeRule>().notNull().default(NO_OVERTIME_SQL),
    premiums: jsonb('premiums').$type<PremiumRule[]>().notNull().default(sql`'[]'::jsonb`),
    /** Public holidays of this country (ISO 3166) and region, for holiday premiums. */
    holidayCountry: text('holiday_country'),
    holidayRegion: text('holiday_region'),
    /** Years whose public holidays are stored in employer_holidays. */
    holidayYears: integer('holiday_years').array().notNull().default(sql`'{}'::int[]`),
    // Its pay calendar (decision 041): null and empty take the schedule's defaults.
    /** Weekly and bi-weekly periods start on this date and every 7 or 14 days from it. */
    payAnchorDate: date('pay_anchor_date', { mode: 'string' }),
    /** Days (1–28) semi-monthly periods (two) or monthly ones (one) start on. */
    payStartDays: integer('pay_start_days').array().notNull().default(sql`'{}'::int[]`),
    /** Payday: this many days after a period ends, then the first `payday_weekday` (0 Sunday). */
    paydayDays: integer('payday_days').notNull().default(7),
    paydayWeekday: integer('payday_weekday'),
    // Mileage paid back per shift (decision 042): null, none; the rate per km or mile.
    mileageRate: numeric('mileage_rate', { precision: 10, scale: 3 }),
    distanceUnit: distanceUnitEnum('distance_unit').notNull().default('km'),
    ...timestamps,
  },
  (t) => [
    check('employers_mileage_rate_check', sql`${t.mileageRate} > 0`),
    check('employers_payday_days_check', sql`${t.paydayDays} between 0 and 90`),
    check('employers_payday_weekday_check', sql`${t.paydayWeekday} between 0 and 6`),
    check(
      'employers_pay_start_days_check',
      sql`cardinality(${t.payStartDays}) <= 2 and 1 <= all(${t.payStartDays}) and 28 >= all(${t.payStartDays})`,
    ),
    index('employers_user_id_idx').on(t.userId),
    // The database itself refuses a row pointing at another user's employer.
    unique('employers_id_user_id_unique').on(t.id, t.userId),
    // docs/product/deviations.md#10-employer-names-are-unique-per-user
    uniqueIndex('employers_user_id_name_unique').on(t.userId, sql`hourbook_lower(${t.name})`),
  ],
);
