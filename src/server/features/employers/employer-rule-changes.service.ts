// Changing an employer's rate, rounding, precision or tax: which shifts it reaches, what it would
// change (the preview) and the change itself, recorded (decision 036).
import { todayIn } from '../../../shared/domain/dates.ts';
import {
  formatMoneyString,
  formatPercent,
  parseMoney,
  parsePercent,
} from '../../../shared/domain/money.ts';
import { noOvertime } from '../../../shared/domain/overtime.ts';
import { type GroupMember, payEmployer, payGroup } from '../../../shared/domain/pay-employer.ts';
import {
  applyRuleChange,
  type RuleValues,
  type RuleVersion,
  sameRuleValue,
  sameTax,
  taxByRegime,
  versionOn,
} from '../../../shared/domain/pay-rule-versions.ts';
import { overtimeInWords, premiumsInWords } from '../../../shared/domain/pay-text.ts';
import type { ChangePreview, UpdateEmployer } from '../../../shared/schemas/employers.ts';
import type { Tx } from '../../db/open.ts';
import {
  holidayDatesOf,
  overtimeGroupsOf,
  recomputePay,
  ruleVersionsOf,
  shiftsInScope,
} from '../../db/pay-results.ts';
import { AppError } from '../../errors.ts';
import { ensureHolidayYears } from '../../lib/employer-holidays.ts';
import {
  findVersions,
  hasShifts,
  lockEmployerRules,
  type RuleChangeRecord,
  recordChanges,
  replaceVersions,
  userTimeZone,
} from './employer-pay-rules.repository.ts';

type Current = NonNullable<Awaited<ReturnType<typeof lockEmployerRules>>>;

const chooseHowItApplies = () => {
  const message = 'Choose how the change applies: new shifts only, from a date, or every shift';
  return new AppError('validation_failed', 400, message, { applyChange: message });
};

const recordField = {
  rateCents: 'rate',
  roundingStep: 'roundingStep',
  roundingDirection: 'roundingDirection',
  payPrecision: 'payPrecision',
  taxMethod: 'taxMethod',
  taxBasisPoints: 'taxRate',
  overtime: 'overtime',
  premiums: 'premiums',
} as const;

function currentValues(row: Current): RuleValues {
  return {
    rateCents: parseMoney(row.hourlyRate) ?? 0,
    roundingStep: row.roundingStep,
    roundingDirection: row.roundingDirection,
    payPrecision: row.payPrecision,
    taxMethod: row.taxMethod,
    taxBasisPoints: parsePercent(row.taxRate) ?? 0,
    overtime: row.overtime ?? noOvertime,
    premiums: row.premiums ?? [],
  };
}

/** The pay rules the body names, as values. */
function wantedValues(body: UpdateEmployer): Partial<RuleValues> {
  const wanted: Partial<RuleValues> = {
    rateCents: body.hourlyRate === undefined ? undefined : (parseMoney(body.hourlyRate) ?? 0),
    roundingStep: body.roundingStep,
    roundingDirection: body.roundingDirection,
    payPrecision: body.payPrecision,
    taxMethod: body.taxMethod,
    taxBasisPoints: body.taxRate === undefined ? undefined : (parsePercent(body.taxRate) ?? 0),
    overtime: body.overtime,
    premiums: body.premiums,
  };
  for (const key of Object.keys(wanted) as (keyof RuleValues)[]) {
    if (wanted[key] === undefined) delete wanted[key];
  }
  return wanted;
}

/** The wanted values that differ from any of the given versions. */
function changedValues(
  wanted: Partial<RuleValues>,
  versions: readonly RuleValues[],
): Partial<RuleValues> {
  const changed: Partial<RuleValues> = {};
  for (const key of Object.keys(wanted) as (keyof RuleValues)[]) {
    if (versions.some((v) => !sameRuleValue(key, v[key], wanted[key]))) {
      Object.assign(changed, { [key]: wanted[key] });
    }
  }
  return changed;
}

const dollars = (cents: number) => `$${formatMoneyString(cents)}`;

function showValue(key: keyof RuleValues, values: Partial<RuleValues>): string {
  switch (key) {
    case 'rateCents':
      return formatMoneyString(values.rateCents!);
    case 'taxBasisPoints':
      return formatPercent(values.taxBasisPoints!);
    case 'overtime':
      return overtimeInWords(values.overtime ?? noOvertime);
    case 'premiums':
      return premiumsInWords(values.premiums ?? [], dollars);
    default:
      return String(values[key]);
  }
}

interface Plan {
  current: RuleValues;
  changed: Partial<RuleValues>;
  /** null: every shift. */
  from: string | null;
  applies: RuleChangeRecord['applies'];
  before: RuleVersion[];
  after: RuleVersion[];
}

/**
 * Locks the employer and works out the versions after the change; undefined when the employer is
 * not the user's, `changed` empty when the body leaves the pay rules as they are. Asks how the
 * change applies when the employer has shifts and the body does not say.
 */
async function plan(
  tx: Tx,
  userId: number,
  id: number,
  body: UpdateEmployer,
  now: Date,
): Promise<Plan | undefined> {
  const row = await lockEmployerRules(tx, userId, id);
  if (!row) return undefined;
  const current = currentValues(row);
  const wanted = wantedValues(body);
  const stored = await findVersions(tx, userId, id);
  const before = stored.length > 0 ? stored : [{ ...current, effectiveFrom: null }];
  const none = {
    current,
    changed: {},
    from: null,
    applies: 'every' as const,
    before,
    after: before,
  };
  let how = body.applyChange;
  if (!how) {
    // Without a scope, a value is a change when it differs from the current rules.
    if (Object.keys(changedValues(wanted, [current])).length === 0) return none;
    if (await hasShifts(tx, userId, id)) throw chooseHowItApplies();
    how = { from: 'every' };
  }
  const from =
    how.from === 'every'
      ? null
      : how.from === 'date'
        ? how.date!
        : todayIn(await userTimeZone(tx, userId), now);
  // From a date, a value is a change when it differs from the version in effect that day (so a
  // later change can be moved earlier); for every shift, when any version differs. The body
  // names only the rules it changes: the form sends those the user edited.
  const reference = from === null ? current : versionOn(from, before);
  const changed = changedValues(wanted, from === null ? before : [reference]);
  if (Object.keys(changed).length === 0) return none;
  return {
    ...none,
    current: reference,
    changed,
    from,
    applies: how.from,
    after: applyRuleChange(before, changed, from),
  };
}

/**
 * Applies the body's pay-rule change inside the caller's transaction and answers the rules of
 * the latest version, which the employer's own columns keep for the form and the card, and
 * whether any rule changed; undefined: no such employer.
 */
export async function changePayRules(
  tx: Tx,
  userId: number,
  id: number,
  body: UpdateEmployer,
  now: Date,
): Promise<{ latest: RuleValues; changed: boolean; repaid: number[] } | undefined> {
  const planned = await plan(tx, userId, id, body, now);
  if (!planned) return undefined;
  const keys = Object.keys(planned.changed) as (keyof RuleValues)[];
  const { effectiveFrom: _, ...latest } = planned.after.at(-1)!;
  const repaid: number[] = [];
  if (keys.length === 0) return { latest, changed: false, repaid };
  await replaceVersions(tx, userId, id, planned.after);
  await recordChanges(
    tx,
    userId,
    id,
    keys.map((key) => ({
      field: recordField[key],
      oldValue: showValue(key, planned.current),
      newValue: showValue(key, planned.changed),
      applies: planned.applies,
      appliesFrom: planned.from,
    })),
  );
  await recomputePay(tx, userId, { employerIds: [id] }, repaid);
  return { latest, changed: true, repaid };
}

/**
 * How many shifts the change would pay or tax differently, and their pay before and after, gross
 * and after tax (each shift's gross under the tax of its date).
 */
export async function previewPayChange(
  tx: Tx,
  userId: number,
  id: number,
  body: UpdateEmployer,
  now: Date,
): Promise<ChangePreview | undefined> {
  const planned = await plan(tx, userId, id, body, now);
  if (!planned) return undefined;
  const preview = {
    shifts: 0,
    beforeCents: 0,
    afterCents: 0,
    beforeTotalCents: 0,
    afterTotalCents: 0,
  };
  if (Object.keys(planned.changed).length === 0) return preview;
  const shifts = (await shiftsInScope(tx, userId, { employerIds: [id] })).get(id);
  if (!shifts) return preview;
  await ensureHolidayYears(tx, userId, id, new Set(shifts.map((s) => Number(s.date.slice(0, 4)))));
  const holidays = await holidayDatesOf(tx, userId, id);
  // In an overtime group, the group's overtime rules pay it with the other members' hours, and
  // its change moves their overtime too (the week's regular rate): their shifts count here.
  const group = (await overtimeGroupsOf(tx, userId, [id])).get(id);
  const mates: GroupMember[] = [];
  if (group) {
    const others = group.employerIds.filter((other) => other !== id);
    const theirShifts = await shiftsInScope(tx, userId, { employerIds: others });
    const theirVersions = await ruleVersionsOf(tx, userId, others);
    for (const other of others) {
      const own = theirShifts.get(other) ?? [];
      mates.push({
        shifts: own,
        versions: theirVersions.get(other) ?? [],
        holidays: own.length > 0 ? await holidayDatesOf(tx, userId, other) : [],
      });
    }
  }
  const pay = (versions: readonly RuleVersion[]) =>
    group
      ? payGroup(
          [
            {
              shifts,
              versions: versions.map((v) => ({ ...v, overtime: group.overtime })),
              holidays,
            },
            ...mates,
          ],
          group.overtime,
        ).members.flatMap((member) => member.shifts)
      : payEmployer(shifts, versions, holidays).shifts;
  const before = pay(planned.before);
  const afterById = new Map(pay(planned.after).map((s) => [s.id, s]));
  const reached = { before: [] as typeof before, after: [] as typeof before };
  for (const old of before) {
    const now_ = afterById.get(old.id)!;
    const same =
      now_.totalPayCents === old.totalPayCents &&
      now_.paidMinutes === old.paidMinutes &&
      sameTax(now_, old);
    if (same) continue;
    reached.before.push(old);
    reached.after.push(now_);
  }
  const taxed = (list: typeof before) =>
    taxByRegime(list.map((s) => ({ ...s, grossCents: s.totalPayCents })));
  const was = taxed(reached.before);
  const will = taxed(reached.after);
  return {
    shifts: reached.before.length,
    beforeCents: was.grossCents,
    afterCents: will.grossCents,
    beforeTotalCents: was.totalCents,
    afterTotalCents: will.totalCents,
  };
}
