// Premiums and overtime in the report preview, worded as the generated files word them
// (src/server/features/timesheets/report-text.ts): every figure is the server's stored one.
import { formatCurrency, parseMoney } from '../../../../shared/domain/index.ts';
import { hasOvertime, type OvertimeRule } from '../../../../shared/domain/overtime.ts';
import { sortVersions, versionOn } from '../../../../shared/domain/pay-rule-versions.ts';
import {
  overtimeInWords,
  payLineInWords,
  premiumsInWords,
} from '../../../../shared/domain/pay-text.ts';
import type { PremiumRule } from '../../../../shared/domain/premiums.ts';
import type { Employer } from '../../../../shared/schemas/employers.ts';
import type { WorkLog } from '../../../../shared/schemas/work-logs.ts';

type Version = Employer['payRules'][number];
type PayLine = WorkLog['payLines'][number];

/** The employer's versions, or its own fields from the beginning when it lists none. */
function versionsOf(employer: Employer): Version[] {
  if (employer.payRules.length > 0) return sortVersions(employer.payRules);
  return [{ ...employer, effectiveFrom: null }];
}

// The API sends the engine's shapes as stored (schemas/employers.ts, "as stored").
const overtimeOf = (version: Version) => version.overtime as unknown as OvertimeRule;
const premiumsOf = (version: Version) => version.premiums as unknown as readonly PremiumRule[];

/** The versions in effect on some day of the range. */
function versionsIn(employer: Employer, range: { from: string; to: string }): Version[] {
  const versions = versionsOf(employer);
  return versions.filter((version, i) => {
    const next = versions[i + 1]?.effectiveFrom ?? null;
    const startsBy = version.effectiveFrom === null || version.effectiveFrom <= range.to;
    const lastsTo = next === null || next > range.from;
    return startsBy && lastsTo;
  });
}

/**
 * Whether the report states premiums and overtime, as the file does: its shifts have some, or the
 * employer's rules of its dates do.
 */
export function reportHasExtras(
  employer: Employer,
  range: { from: string; to: string },
  logs: readonly Pick<WorkLog, 'premiumEarnings' | 'overtimeEarnings' | 'payLines'>[],
): boolean {
  const inLogs = logs.some(
    (log) =>
      log.payLines.length > 0 ||
      (parseMoney(log.premiumEarnings) ?? 0) !== 0 ||
      (parseMoney(log.overtimeEarnings) ?? 0) !== 0,
  );
  return (
    inLogs ||
    versionsIn(employer, range).some((v) => hasOvertime(overtimeOf(v)) || premiumsOf(v).length > 0)
  );
}

/** 'Overtime: US federal (over 40 h a week); …' and 'Premiums: Nights: +$2.00/h, …' of a date. */
export function extrasInWords(employer: Employer, date: string, currency: string): string[] {
  const version = versionOn(date, versionsOf(employer));
  const money = (cents: number) => formatCurrency(cents, currency);
  return [
    `Overtime: ${overtimeInWords(overtimeOf(version))}`,
    `Premiums: ${premiumsInWords(premiumsOf(version), money)}`,
  ];
}

/** 'Nights 2:00 h × $2.00 = $4.00', 'Overtime 1.5× (weekly) 8:00 h = $56.00'. */
export const payLineText = (line: PayLine, currency: string): string =>
  payLineInWords(line, (cents) => formatCurrency(cents, currency));

/** A log's regular pay: its whole pay less its premiums and overtime, in cents. */
export function regularCentsOf(
  log: Pick<WorkLog, 'earnings' | 'premiumEarnings' | 'overtimeEarnings'>,
): number {
  return (
    (parseMoney(log.earnings) ?? 0) -
    (parseMoney(log.premiumEarnings) ?? 0) -
    (parseMoney(log.overtimeEarnings) ?? 0)
  );
}
