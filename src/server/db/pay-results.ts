// Each work log stores what the pay engine computed for it, and the tax its gross falls under, so
// SQL only ever sums pay (decision 035). Every write that changes a shift, an employer's rules or its rates calls
// recomputePay in its own transaction. Each shift is paid by the version of its employer's rules
// in effect on its date (decision 036).
import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '../../shared/domain/dates.ts';
import type { TaxCalculation } from '../../shared/domain/earnings.ts';
import {
  hasOvertime,
  noOvertime,
  type OvertimeRule,
  periodLength,
  periodStartOf,
} from '../../shared/domain/overtime.ts';
import {
  type EmployerPay,
  type GroupMember,
  payEmployer,
  payGroup,
} from '../../shared/domain/pay-employer.ts';
import type {
  PayPrecision,
  RoundingDirection,
  RoundingStep,
} from '../../shared/domain/pay-engine.ts';
import { canonical, type RuleVersion } from '../../shared/domain/pay-rule-versions.ts';
import type { PremiumRule, PremiumShift } from '../../shared/domain/premiums.ts';
import { storedLines } from '../../shared/domain/stored-lines.ts';
import type { Db, Tx } from './open.ts';
import { assertLogsOpen } from './period-locks.ts';
import { transaction } from './transaction.ts';

/** Raised when the engine's rules change, so start-up recomputes every stored result. */
export const PAY_VERSION = 3;

type Executor = Pick<Db | Tx, 'execute'>;

interface LogRow extends Record<string, unknown> {
  id: number;
  employerId: number;
  date: string;
  startTime: string;
  endTime: string;
  breakDuration: number;
  timeZone: string;
  ownRateCents: string;
  manualPremiumIds: string[];
}

interface VersionRow extends Record<string, unknown> {
  employerId: number;
  effectiveFrom: string | null;
  rateCents: string;
  roundingStep: RoundingStep;
  roundingDirection: RoundingDirection;
  payPrecision: PayPrecision;
  taxMethod: TaxCalculation;
  taxBasisPoints: string;
  overtime: OvertimeRule | null;
  premiums: PremiumRule[] | null;
}

/**
 * Whose stored figures to recompute: whole employers (a rule change), or shifts and the dates
 * a change touched (a shift saved, moved or deleted): with overtime, every shift of the
 * workweeks (14-day periods) of those dates, since one shift's hours change the others'.
 */
export type PayScope =
  | { employerIds: readonly number[] }
  | { logIds: readonly number[] }
  | { touched: readonly { employerId: number; date: string }[] };

/**
 * The versions of the employers' rules as they pay, oldest first: an employer in an overtime group
 * is paid by the group's overtime rules on every date (its own rest while it is in the group). An
 * employer without any version (a row written around the API) is paid by its own columns from the
 * beginning.
 */
export async function ruleVersionsOf(
  db: Executor,
  userId: number,
  employerIds: readonly number[],
): Promise<Map<number, RuleVersion[]>> {
  const { rows } = await db.execute<VersionRow>(sql`
    select e.id as "employerId", r.effective_from::text as "effectiveFrom",
           (coalesce(r.rate, e.hourly_rate) * 100)::bigint::text as "rateCents",
           coalesce(r.rounding_step, e.rounding_step) as "roundingStep",
           coalesce(r.rounding_direction, e.rounding_direction) as "roundingDirection",
           coalesce(r.pay_precision, e.pay_precision) as "payPrecision",
           coalesce(r.tax_method, e.tax_method) as "taxMethod",
           (coalesce(r.tax_rate, e.tax_rate) * 100)::int::text as "taxBasisPoints",
           coalesce(g.overtime, r.overtime, e.overtime) as "overtime",
           coalesce(r.premiums, e.premiums) as "premiums"
      from employers e
      left join employer_pay_rules r on r.employer_id = e.id and r.user_id = e.user_id
      left join employer_group_members m on m.employer_id = e.id and m.user_id = e.user_id
      left join employer_groups g on g.id = m.group_id and g.user_id = e.user_id
     where e.user_id = ${userId} and e.id = any(${sql.param([...employerIds])}::int[])
     order by e.id, r.effective_from nulls first`);
  const byEmployer = new Map<number, RuleVersion[]>();
  for (const row of rows) {
    const version: RuleVersion = {
      effectiveFrom: row.effectiveFrom,
      rateCents: Number(row.rateCents),
      roundingStep: row.roundingStep,
      roundingDirection: row.roundingDirection,
      payPrecision: row.payPrecision,
      taxMethod: row.taxMethod,
      taxBasisPoints: Number(row.taxBasisPoints),
      overtime: row.overtime ?? noOvertime,
      premiums: row.premiums ?? [],
    };
    const list = byEmployer.get(row.employerId);
    if (list) list.push(version);
    else byEmployer.set(row.employerId, [version]);
  }
  return byEmployer;
}

export interface StoredShift extends PremiumShift {
  employerId: number;
}

type ShiftFilter =
  | { employerIds: readonly number[]; from?: string; to?: string }
  | { logIds: readonly number[] }
  | { employerId: number; from: string; to: string };

/** The user's logs in scope as the engine takes them, by employer. */
export async function shiftsInScope(db: Executor, userId: number, scope: ShiftFilter) {
  const filter: SQL =
    'employerIds' in scope
      ? scope.from !== undefined && scope.to !== undefined
        ? sql`l.employer_id = any(${sql.param([...scope.employerIds])}::int[])
              and l.date between ${scope.from} and ${scope.to}`
        : sql`l.employer_id = any(${sql.param([...scope.employerIds])}::int[])`
      : 'logIds' in scope
        ? sql`l.id = any(${sql.param([...scope.logIds])}::int[])`
        : sql`l.employer_id = ${scope.employerId} and l.date between ${scope.from} and ${scope.to}`;
  const { rows } = await db.execute<LogRow>(sql`
    select l.id, l.employer_id as "employerId", l.date::text as "date",
           to_char(l.start_time, 'HH24:MI') as "startTime",
           to_char(l.end_time, 'HH24:MI') as "endTime",
           l.break_duration as "breakDuration", l.time_zone as "timeZone",
           (l.hourly_rate_at_time * 100)::bigint::text as "ownRateCents",
           l.manual_premium_ids as "manualPremiumIds"
      from work_logs l
     where l.user_id = ${userId} and ${filter}
     order by l.employer_id, l.id`);
  const byEmployer = new Map<number, StoredShift[]>();
  for (const row of rows) {
    const shift: StoredShift = {
      id: row.id,
      employerId: row.employerId,
      date: row.date,
      startTime: row.startTime,
      endTime: row.endTime,
      breakDuration: row.breakDuration,
      timeZone: row.timeZone,
      ownRateCents: Number(row.ownRateCents),
      manualPremiumIds: row.manualPremiumIds,
    };
    const entry = byEmployer.get(row.employerId);
    if (entry) entry.push(shift);
    else byEmployer.set(row.employerId, [shift]);
  }
  return byEmployer;
}

interface FigureColumns {
  id: number[];
  worked: number[];
  paid: number[];
  tenths: number[];
  rate: number[];
  pay: number[];
  base: number[];
  premium: number[];
  overtime: number[];
  lines: string[];
  taxMethod: TaxCalculation[];
  taxBasisPoints: number[];
}

const emptyColumns = (): FigureColumns => ({
  id: [],
  worked: [],
  paid: [],
  tenths: [],
  rate: [],
  pay: [],
  base: [],
  premium: [],
  overtime: [],
  lines: [],
  taxMethod: [],
  taxBasisPoints: [],
});

/** The employer's holiday dates that premiums see: library and added ones, not those taken off. */
export async function holidayDatesOf(
  db: Executor,
  userId: number,
  employerId: number,
): Promise<string[]> {
  const { rows } = await db.execute<{ date: string }>(sql`
    select date::text as date from employer_holidays
     where employer_id = ${employerId} and user_id = ${userId} and not removed order by date`);
  return rows.map((row) => row.date);
}

/**
 * Employers the user counts as one for overtime (decision 040): the group's rules and its
 * members, in id order.
 */
export interface OvertimeGroup {
  id: number;
  name: string;
  overtime: OvertimeRule;
  employerIds: number[];
  /** Its employers' names, in name order, as sheets and screens list them. */
  employerNames: string[];
}

/** The overtime group of each of these employers that is in one. */
export async function overtimeGroupsOf(
  db: Executor,
  userId: number,
  employerIds: readonly number[],
): Promise<Map<number, OvertimeGroup>> {
  const { rows } = await db.execute<{
    employerId: number;
    id: number;
    name: string;
    overtime: OvertimeRule;
    employerIds: number[];
    employerNames: string[];
  }>(sql`
    select m.employer_id as "employerId", g.id, g.name, g.overtime,
           (select array_agg(o.employer_id order by o.employer_id) from employer_group_members o
             where o.group_id = g.id and o.user_id = g.user_id) as "employerIds",
           (select array_agg(e.name order by hourbook_lower(e.name), e.id)
              from employer_group_members o
              join employers e on e.id = o.employer_id and e.user_id = o.user_id
             where o.group_id = g.id and o.user_id = g.user_id) as "employerNames"
      from employer_group_members m
      join employer_groups g on g.id = m.group_id and g.user_id = m.user_id
     where m.user_id = ${userId} and m.employer_id = any(${sql.param([...employerIds])}::int[])`);
  const groups = new Map<number, OvertimeGroup>();
  const byId = new Map<number, OvertimeGroup>();
  for (const row of rows) {
    const group = byId.get(row.id) ?? {
      id: row.id,
      name: row.name,
      overtime: row.overtime,
      employerIds: row.employerIds,
      employerNames: row.employerNames,
    };
    byId.set(row.id, group);
    groups.set(row.employerId, group);
  }
  return groups;
}

/**
 * One employer's shifts through the engine: alone, or with its group's other members' shifts of
 * the same dates (`range`; null: all of them), so the group's overtime is counted as it is paid.
 * The versions must be those `ruleVersionsOf` gives (the group's overtime in them).
 */
export async function payAlongGroup(
  db: Executor,
  userId: number,
  employerId: number,
  self: GroupMember,
  range: { from: string; to: string } | null,
  mode: 'input' | 'stored' = 'stored',
  /** A shift `self` holds as edited: its stored row (at another member) is left out. */
  editedId?: number,
): Promise<EmployerPay & { group: OvertimeGroup | null }> {
  const group = (await overtimeGroupsOf(db, userId, [employerId])).get(employerId) ?? null;
  if (!group) {
    return { ...payEmployer(self.shifts, self.versions, self.holidays, mode), group };
  }
  const others = group.employerIds.filter((id) => id !== employerId);
  const shifts = await shiftsInScope(db, userId, { employerIds: others, ...range });
  const versions = await ruleVersionsOf(db, userId, others);
  const members: GroupMember[] = [self];
  for (const id of others) {
    const own = (shifts.get(id) ?? []).filter((s) => s.id !== editedId);
    members.push({
      shifts: own,
      versions: versions.get(id) ?? [],
      holidays: own.length > 0 ? await holidayDatesOf(db, userId, id) : [],
    });
  }
  return { ...payGroup(members, group.overtime, mode).members[0]!, group };
}

/** An employer paid alone, or the employers of a group paid together. */
interface PayUnit {
  employerIds: number[];
  group: OvertimeGroup | null;
}

async function unitsOf(
  db: Executor,
  userId: number,
  employerIds: readonly number[],
): Promise<PayUnit[]> {
  const groups = await overtimeGroupsOf(db, userId, employerIds);
  const units = new Map<string, PayUnit>();
  for (const id of employerIds) {
    const group = groups.get(id) ?? null;
    const key = group ? `g${group.id}` : `e${id}`;
    if (!units.has(key)) units.set(key, { employerIds: group ? group.employerIds : [id], group });
  }
  return [...units.values()];
}

/** Works out a unit's shifts and adds the figures of those `write` keeps. */
async function figuresOf(
  db: Executor,
  userId: number,
  unit: PayUnit,
  byEmployer: ReadonlyMap<number, readonly StoredShift[]>,
  versions: ReadonlyMap<number, readonly RuleVersion[]>,
  out: FigureColumns,
  write: (shift: StoredShift) => boolean = () => true,
): Promise<void> {
  const members: (GroupMember & { shifts: readonly StoredShift[] })[] = [];
  for (const id of unit.employerIds) {
    const shifts = byEmployer.get(id) ?? [];
    members.push({
      shifts,
      versions: versions.get(id) ?? [],
      holidays: shifts.length > 0 ? await holidayDatesOf(db, userId, id) : [],
    });
  }
  if (members.every((m) => m.shifts.length === 0)) return;
  const paid = unit.group
    ? payGroup(members, unit.group.overtime, 'stored').members
    : members.map((m) => payEmployer(m.shifts, m.versions, m.holidays, 'stored'));
  paid.forEach((pay, m) => {
    const shifts = members[m]!.shifts;
    pay.shifts.forEach((figures, index) => {
      if (!write(shifts[index]!)) return;
      out.id.push(figures.id);
      out.worked.push(figures.workedMinutes);
      out.paid.push(figures.paidMinutes);
      out.tenths.push(figures.tenths);
      out.rate.push(figures.rateCents);
      out.pay.push(figures.totalPayCents);
      out.base.push(figures.payCents);
      out.premium.push(figures.premiumCents);
      out.overtime.push(figures.overtimeCents);
      out.lines.push(JSON.stringify(storedLines(figures.extraLines)));
      out.taxMethod.push(figures.taxMethod);
      out.taxBasisPoints.push(figures.taxBasisPoints);
    });
  });
}

/**
 * The date ranges whose shifts a change on these dates reaches, merged: with one set of overtime
 * rules, the workweeks (14-day periods) of each date and the day after (a shift may run past
 * midnight into the next); null: the whole unit (its overtime rules changed over time).
 */
function reachedRanges(
  dates: readonly string[],
  overtimes: readonly OvertimeRule[],
): { from: string; to: string }[] | null {
  const configs = new Set(overtimes.map((o) => canonical(o)));
  if (!overtimes.some((o) => hasOvertime(o)))
    return dates.map((date) => ({ from: date, to: date }));
  if (configs.size > 1) return null;
  const config = overtimes[0] ?? noOvertime;
  const length = periodLength(config);
  const starts = new Set<string>();
  for (const date of dates) {
    starts.add(periodStartOf(config, date));
    starts.add(periodStartOf(config, addDays(date, 1)));
  }
  const ranges: { from: string; to: string }[] = [];
  for (const start of [...starts].sort()) {
    const end = addDays(start, length - 1);
    const last = ranges[ranges.length - 1];
    if (last && addDays(last.to, 1) >= start) last.to = end;
    else ranges.push({ from: start, to: end });
  }
  return ranges;
}

/**
 * Recomputes and stores the figures of the user's logs in scope, and with overtime those of
 * every log sharing their workweeks (at every employer of their overtime group); returns how
 * many it wrote.
 */
export async function recomputePay(
  db: Executor,
  userId: number,
  scope: PayScope,
  /** Filled with the ids of the logs whose whole pay changed (their mirrors show it). */
  changed?: number[],
  /** A new engine pays every shift again at start-up, closed periods too. */
  options: { closedToo?: boolean } = {},
): Promise<number> {
  const out = emptyColumns();
  if ('employerIds' in scope) {
    for (const unit of await unitsOf(db, userId, scope.employerIds)) {
      const byEmployer = await shiftsInScope(db, userId, { employerIds: unit.employerIds });
      if (byEmployer.size === 0) continue;
      const versions = await ruleVersionsOf(db, userId, unit.employerIds);
      await figuresOf(db, userId, unit, byEmployer, versions, out);
    }
    return store(db, userId, out, changed, options.closedToo);
  }
  const touched =
    'touched' in scope
      ? scope.touched
      : [...(await shiftsInScope(db, userId, scope)).values()]
          .flat()
          .map((s) => ({ employerId: s.employerId, date: s.date }));
  const datesOf = new Map<number, string[]>();
  for (const { employerId, date } of touched) {
    const dates = datesOf.get(employerId) ?? [];
    dates.push(date);
    datesOf.set(employerId, dates);
  }
  if (datesOf.size === 0) return 0;
  for (const unit of await unitsOf(db, userId, [...datesOf.keys()])) {
    const versions = await ruleVersionsOf(db, userId, unit.employerIds);
    const dates = unit.employerIds.flatMap((id) => datesOf.get(id) ?? []);
    const overtimes = unit.group
      ? [unit.group.overtime]
      : (versions.get(unit.employerIds[0]!) ?? []).map((v) => v.overtime ?? noOvertime);
    const ranges = reachedRanges(dates, overtimes);
    if (ranges === null) {
      const byEmployer = await shiftsInScope(db, userId, { employerIds: unit.employerIds });
      await figuresOf(db, userId, unit, byEmployer, versions, out);
      continue;
    }
    const config = overtimes[0] ?? noOvertime;
    // A range's shifts (and those running into it from the day before or out of it into the day
    // after) are written; the whole workweek on each side is read, so theirs are right too.
    const withOvertime = hasOvertime(config);
    const margin = withOvertime ? periodLength(config) + 1 : 0;
    for (const range of ranges) {
      const writeFrom = withOvertime ? addDays(range.from, -1) : range.from;
      const writeTo = withOvertime ? addDays(range.to, 1) : range.to;
      const byEmployer = await shiftsInScope(db, userId, {
        employerIds: unit.employerIds,
        from: addDays(range.from, -margin),
        to: addDays(range.to, margin),
      });
      await figuresOf(
        db,
        userId,
        unit,
        byEmployer,
        versions,
        out,
        (shift) => shift.date >= writeFrom && shift.date <= writeTo,
      );
    }
  }
  return store(db, userId, out, changed, options.closedToo);
}

async function store(
  db: Executor,
  userId: number,
  out: FigureColumns,
  changed?: number[],
  closedToo = false,
): Promise<number> {
  if (out.id.length === 0) return 0;
  // Arrays, not a VALUES list: one statement and a dozen parameters however many logs there are.
  // The CTE `before` reads the rows as they were before the update in the same statement.
  const updated = await db.execute<{ id: number; changed: boolean }>(sql`
    with before as (
      select id, pay_cents from work_logs
       where user_id = ${userId} and id = any(${sql.param(out.id)}::int[])
    ), written as (
    update work_logs l
       set pay_worked_minutes = v.worked, pay_minutes = v.paid, pay_tenths = v.tenths,
           pay_rate_cents = v.rate, pay_cents = v.pay, pay_base_cents = v.base,
           pay_premium_cents = v.premium, pay_overtime_cents = v.overtime,
           pay_lines = v.lines, pay_tax_method = v.tax_method,
           pay_tax_basis_points = v.tax_bp, pay_version = ${PAY_VERSION}
      from unnest(${sql.param(out.id)}::int[], ${sql.param(out.worked)}::int[],
                  ${sql.param(out.paid)}::int[], ${sql.param(out.tenths)}::int[],
                  ${sql.param(out.rate)}::bigint[], ${sql.param(out.pay)}::bigint[],
                  ${sql.param(out.base)}::bigint[], ${sql.param(out.premium)}::bigint[],
                  ${sql.param(out.overtime)}::bigint[], ${sql.param(out.lines)}::jsonb[],
                  ${sql.param(out.taxMethod)}::tax_calculation[],
                  ${sql.param(out.taxBasisPoints)}::int[])
           as v(id, worked, paid, tenths, rate, pay, base, premium, overtime, lines, tax_method,
                tax_bp)
     where l.id = v.id and l.user_id = ${userId}
    returning l.id, l.pay_cents)
    select w.id, b.pay_cents is distinct from w.pay_cents as changed
      from written w join before b on b.id = w.id`);
  const moved = updated.rows.filter((row) => row.changed).map((row) => row.id);
  // A shift of a closed pay period keeps its pay: the change that would move it is refused
  // (and its transaction rolled back) until the period is reopened.
  if (!closedToo) await assertLogsOpen(db, userId, moved);
  changed?.push(...moved);
  return updated.rows.length;
}

const BACKFILL_LOCK = 72_027_035;

/**
 * At start-up, after the migrations: every log whose stored figures are missing or from an older
 * engine gets them, one employer at a time, each in its own transaction. Under an advisory lock,
 * so instances starting together do it once.
 */
export async function backfillPayResults(db: Db): Promise<number> {
  const client = await db.$client.connect();
  let written = 0;
  try {
    await client.query('select pg_advisory_lock($1)', [BACKFILL_LOCK]);
    const { rows } = await client.query<{ userId: number; employerId: number }>(
      `select distinct user_id as "userId", employer_id as "employerId" from work_logs
        where pay_version is distinct from $1 order by 1, 2`,
      [PAY_VERSION],
    );
    for (const { userId, employerId } of rows) {
      written += await transaction(db, (tx) =>
        recomputePay(tx, userId, { employerIds: [employerId] }, undefined, { closedToo: true }),
      );
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [BACKFILL_LOCK]).catch(() => undefined);
    client.release();
  }
  return written;
}
