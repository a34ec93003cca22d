import { and, desc, eq, sql } from 'drizzle-orm';
import {
  formatMoneyString,
  formatPercent,
  parseMoney,
  parsePercent,
} from '../../../shared/domain/money.ts';
import { noOvertime } from '../../../shared/domain/overtime.ts';
import { type RuleVersion, sortVersions } from '../../../shared/domain/pay-rule-versions.ts';
import type { RateHistory } from '../../../shared/schemas/employers.ts';
import type { ruleChangeFields, ruleChangeScopes } from '../../../shared/schemas/enums.ts';
import { DEFAULT_TIME_ZONE } from '../../../shared/schemas/settings.ts';
import type { Executor } from '../../db/open.ts';
import {
  employerPayRules,
  employerRuleChanges,
  employers,
  settings,
  users,
  workLogs,
} from '../../db/schema/index.ts';

/** The employer's current rules, its row locked until commit so two edits take turns. */
export async function lockEmployerRules(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select({
      hourlyRate: employers.hourlyRate,
      roundingStep: employers.roundingStep,
      roundingDirection: employers.roundingDirection,
      payPrecision: employers.payPrecision,
      taxMethod: employers.taxMethod,
      taxRate: employers.taxRate,
      overtime: employers.overtime,
      premiums: employers.premiums,
      holidayCountry: employers.holidayCountry,
      holidayRegion: employers.holidayRegion,
    })
    .from(employers)
    .where(and(eq(employers.id, id), eq(employers.userId, userId)))
    .for('update');
  return row;
}

export async function ownsEmployer(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select({ id: employers.id })
    .from(employers)
    .where(and(eq(employers.id, id), eq(employers.userId, userId)));
  return row !== undefined;
}

export async function hasShifts(db: Executor, userId: number, employerId: number) {
  const [row] = await db
    .select({ id: workLogs.id })
    .from(workLogs)
    .where(and(eq(workLogs.userId, userId), eq(workLogs.employerId, employerId)))
    .limit(1);
  return row !== undefined;
}

/** "Today" for "new shifts only" is the user's, as Settings has the zone now. */
export async function userTimeZone(db: Executor, userId: number): Promise<string> {
  const [row] = await db
    .select({ timeZone: settings.timeZone })
    .from(settings)
    .where(eq(settings.userId, userId));
  return row?.timeZone ?? DEFAULT_TIME_ZONE;
}

const toCents = (rate: string) => parseMoney(rate) ?? 0;

/** Oldest first; an employer created outside the API has none until its first change. */
export async function findVersions(
  db: Executor,
  userId: number,
  employerId: number,
): Promise<RuleVersion[]> {
  const rows = await db
    .select()
    .from(employerPayRules)
    .where(and(eq(employerPayRules.userId, userId), eq(employerPayRules.employerId, employerId)));
  return sortVersions(
    rows.map((row) => ({
      effectiveFrom: row.effectiveFrom,
      rateCents: toCents(row.rate),
      roundingStep: row.roundingStep,
      roundingDirection: row.roundingDirection,
      payPrecision: row.payPrecision,
      taxMethod: row.taxMethod,
      taxBasisPoints: parsePercent(row.taxRate) ?? 0,
      overtime: row.overtime,
      premiums: row.premiums,
    })),
  );
}

export async function replaceVersions(
  db: Executor,
  userId: number,
  employerId: number,
  versions: readonly RuleVersion[],
): Promise<void> {
  await db
    .delete(employerPayRules)
    .where(and(eq(employerPayRules.userId, userId), eq(employerPayRules.employerId, employerId)));
  await db.insert(employerPayRules).values(
    versions.map((v) => ({
      userId,
      employerId,
      effectiveFrom: v.effectiveFrom,
      rate: formatMoneyString(v.rateCents),
      roundingStep: v.roundingStep,
      roundingDirection: v.roundingDirection,
      payPrecision: v.payPrecision,
      taxMethod: v.taxMethod,
      taxRate: formatPercent(v.taxBasisPoints),
      overtime: v.overtime ?? noOvertime,
      premiums: [...(v.premiums ?? [])],
    })),
  );
}

/** A new employer's rules, from the beginning. */
export async function insertFirstVersion(db: Executor, userId: number, employerId: number) {
  await db.execute(sql`
    insert into employer_pay_rules
      (user_id, employer_id, effective_from, rate, rounding_step, rounding_direction, pay_precision,
       tax_method, tax_rate, overtime, premiums)
    select user_id, id, null, hourly_rate, rounding_step, rounding_direction, pay_precision,
           tax_method, tax_rate, overtime, premiums
      from employers where id = ${employerId} and user_id = ${userId}`);
}

export interface RuleChangeRecord {
  field: (typeof ruleChangeFields)[number];
  oldValue: string;
  newValue: string;
  applies: (typeof ruleChangeScopes)[number];
  appliesFrom: string | null;
}

export async function recordChanges(
  db: Executor,
  userId: number,
  employerId: number,
  records: readonly RuleChangeRecord[],
): Promise<void> {
  if (records.length === 0) return;
  await db
    .insert(employerRuleChanges)
    .values(records.map((r) => ({ ...r, userId, employerId, changedBy: userId })));
}

export async function findRateHistory(
  db: Executor,
  userId: number,
  employerId: number,
): Promise<RateHistory> {
  const [versions, changes] = await Promise.all([
    findVersions(db, userId, employerId),
    db
      .select({
        id: employerRuleChanges.id,
        changedAt: employerRuleChanges.changedAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        field: employerRuleChanges.field,
        oldValue: employerRuleChanges.oldValue,
        newValue: employerRuleChanges.newValue,
        applies: employerRuleChanges.applies,
        appliesFrom: employerRuleChanges.appliesFrom,
      })
      .from(employerRuleChanges)
      .leftJoin(users, eq(users.id, employerRuleChanges.changedBy))
      .where(
        and(eq(employerRuleChanges.userId, userId), eq(employerRuleChanges.employerId, employerId)),
      )
      .orderBy(desc(employerRuleChanges.changedAt), desc(employerRuleChanges.id)),
  ]);
  return {
    versions: versions.reverse().map(({ rateCents, taxBasisPoints, ...v }) => ({
      ...v,
      overtime: v.overtime ?? noOvertime,
      premiums: [...(v.premiums ?? [])],
      hourlyRate: formatMoneyString(rateCents),
      taxRate: formatPercent(taxBasisPoints),
    })),
    changes: changes.map(({ firstName, lastName, email, changedAt, ...c }) => ({
      ...c,
      changedAt: changedAt.toISOString(),
      changedBy: [firstName, lastName].filter(Boolean).join(' ') || email,
    })),
  };
}
