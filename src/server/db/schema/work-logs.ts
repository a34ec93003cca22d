import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  time,
  unique,
} from 'drizzle-orm/pg-core';
import type { StoredExtraLine } from '../../../shared/domain/stored-lines.ts';
import { workLogStatuses } from '../../../shared/schemas/enums.ts';
import { DEFAULT_TIME_ZONE } from '../../../shared/schemas/settings.ts';
import { timestamps } from './common.ts';
import { distanceUnitEnum, employers, taxCalculationType } from './employers.ts';
import { users } from './users.ts';

export const workLogStatusEnum = pgEnum('work_log_status', workLogStatuses);

export const workLogs = pgTable(
  'work_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    employerId: integer('employer_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** Wall-clock times of the shift; an end before the start ends the next day. */
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    breakDuration: integer('break_duration').notNull().default(0),
    /** The user's zone when the shift was saved: its times are read there (decision 035). */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    hourlyRateAtTime: numeric('hourly_rate_at_time', { precision: 12, scale: 2 })
      .notNull()
      .default('0'),
    department: text('department'),
    note: text('note'),
    status: workLogStatusEnum('status').notNull().default('pending'),
    /** Premium rules switched on for this shift by hand (their ids in the employer's rules). */
    manualPremiumIds: text('manual_premium_ids').array().notNull().default(sql`'{}'::text[]`),
    // Tips and expenses of the shift (decision 042): tips are income, never billed; expenses are
    // paid back on the timesheet. Mileage is the distance times the employer's rate when saved.
    tipsCash: numeric('tips_cash', { precision: 12, scale: 2 }).notNull().default('0'),
    tipsCard: numeric('tips_card', { precision: 12, scale: 2 }).notNull().default('0'),
    distance: numeric('distance', { precision: 8, scale: 1 }),
    mileageRateAtTime: numeric('mileage_rate_at_time', { precision: 10, scale: 3 }),
    distanceUnit: distanceUnitEnum('distance_unit'),
    expenseAmount: numeric('expense_amount', { precision: 12, scale: 2 }).notNull().default('0'),
    expenseNote: text('expense_note'),
    /** Mileage (distance × rate, to the cent, halves up) plus the expense amount. */
    expenseCents: bigint('expense_cents', { mode: 'number' }).notNull().default(0),
    notionPageId: text('notion_page_id'),
    /** Null: not connected when saved. */
    notionSyncState: text('notion_sync_state'),
    notionSyncError: text('notion_sync_error'),
    /** Bumped by every save; the mirror is synced when it has written this version. */
    notionVersion: integer('notion_version').notNull().default(0),
    // What the pay engine computed for this shift under its employer's rules (decision 035),
    // rewritten in the transaction that changes the shift, the rules or the rates; null
    // until the engine of version `pay_version` has run.
    payWorkedMinutes: integer('pay_worked_minutes'),
    payMinutes: integer('pay_minutes'),
    payTenths: integer('pay_tenths'),
    payRateCents: bigint('pay_rate_cents', { mode: 'number' }),
    payCents: bigint('pay_cents', { mode: 'number' }),
    // The tax of the version that paid it: SQL sums gross per tax method and rate.
    payTaxMethod: taxCalculationType('pay_tax_method'),
    payTaxBasisPoints: integer('pay_tax_basis_points'),
    // pay_cents is the shift's whole pay; of it, the regular lines, the premiums and the overtime
    // (decision 039), and those lines as a clerk reads them.
    payBaseCents: bigint('pay_base_cents', { mode: 'number' }),
    payPremiumCents: bigint('pay_premium_cents', { mode: 'number' }),
    payOvertimeCents: bigint('pay_overtime_cents', { mode: 'number' }),
    payLines: jsonb('pay_lines').$type<StoredExtraLine[]>(),
    payVersion: integer('pay_version'),
    ...timestamps,
  },
  (t) => [
    foreignKey({
      name: 'work_logs_employer_fk',
      columns: [t.employerId, t.userId],
      foreignColumns: [employers.id, employers.userId],
    }).onDelete('cascade'),
    index('work_logs_user_id_date_idx').on(t.userId, t.date),
    check('work_logs_tips_check', sql`${t.tipsCash} >= 0 and ${t.tipsCard} >= 0`),
    check('work_logs_expense_check', sql`${t.expenseAmount} >= 0 and ${t.expenseCents} >= 0`),
    check(
      'work_logs_mileage_check',
      sql`(${t.distance} is null) = (${t.mileageRateAtTime} is null) and (${t.distance} is null) = (${t.distanceUnit} is null) and (${t.distance} is null or ${t.distance} > 0)`,
    ),
    index('work_logs_employer_id_date_idx').on(t.employerId, t.date),
    // What a receipt refers to: the shift and its owner together (work_log_receipts).
    unique('work_logs_id_user_id_unique').on(t.id, t.userId),
  ],
);
