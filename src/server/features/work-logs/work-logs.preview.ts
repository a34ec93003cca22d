// The work-log dialog's live figures: the shift as typed, priced by the one pay engine with the
// rest of its workweek, so overtime it would cause (or share) shows before it is saved.

import type { z } from 'zod';
import { addDays } from '../../../shared/domain/dates.ts';
import { elapsedMinutes } from '../../../shared/domain/elapsed.ts';
import { parseMoney, shiftMinutes } from '../../../shared/domain/index.ts';
import { hasOvertime, periodLength, periodStartOf } from '../../../shared/domain/overtime.ts';
import { overtimeOf } from '../../../shared/domain/pay-employer.ts';
import type { PremiumShift } from '../../../shared/domain/premiums.ts';
import { formatR } from '../../../shared/domain/premiums.ts';
import { storedLines } from '../../../shared/domain/stored-lines.ts';
import type { PayPreview, payPreviewBodySchema } from '../../../shared/schemas/work-logs.ts';
import type { Db } from '../../db/open.ts';
import {
  holidayDatesOf,
  payAlongGroup,
  ruleVersionsOf,
  shiftsInScope,
} from '../../db/pay-results.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { ensureHolidayYears } from '../../lib/employer-holidays.ts';
import {
  findOwnEmployer,
  findUserTimeZone,
  findWorkLogRow,
  premiumIdsOf,
} from './work-logs.repository.ts';

const invalid = (field: string, message: string) =>
  new AppError('validation_failed', 400, message, { [field]: message });

type Body = z.output<typeof payPreviewBodySchema>;

export function previewShiftPay(db: Db, userId: number, body: Body): Promise<PayPreview> {
  return transaction(db, async (tx) => {
    const employer = await findOwnEmployer(tx, userId, body.employerId);
    if (!employer) throw notFound('Employer not found');
    const edited = body.id ? await findWorkLogRow(tx, userId, body.id) : undefined;
    if (body.id && !edited) throw notFound('Work log not found');
    // An edited shift keeps the zone it was logged in, as a save would.
    const timeZone = edited?.timeZone ?? (await findUserTimeZone(tx, userId));
    const times = shiftMinutes({ ...body, breakDuration: 0 });
    if (!times.ok) throw invalid(times.field, times.message);
    const elapsed = elapsedMinutes({ ...body, timeZone });
    if (!elapsed.ok) throw invalid(elapsed.field, elapsed.message);
    if (body.breakDuration >= elapsed.minutes) {
      throw invalid('breakDuration', 'Break must be shorter than the shift');
    }
    if (body.manualPremiumIds.length > 0) {
      const known = await premiumIdsOf(tx, userId, body.employerId);
      if (body.manualPremiumIds.some((id) => !known.has(id))) {
        throw invalid('manualPremiumIds', `Choose premiums from ${employer.name}'s list`);
      }
    }
    const versions = (await ruleVersionsOf(tx, userId, [body.employerId])).get(body.employerId);
    const own = versions ?? [];
    const overtime = overtimeOf(body.date, own);
    const withOvertime = hasOvertime(overtime);
    let others: PremiumShift[] = [];
    // The shift's period and one on each side, whole, so every piece is priced right.
    const start = periodStartOf(overtime, body.date);
    const length = periodLength(overtime);
    const range = withOvertime
      ? { from: addDays(start, -length - 1), to: addDays(start, 2 * length) }
      : { from: body.date, to: body.date };
    if (withOvertime) {
      const stored = await shiftsInScope(tx, userId, { employerId: body.employerId, ...range });
      others = (stored.get(body.employerId) ?? []).filter((s) => s.id !== body.id);
    }
    const candidate: PremiumShift = {
      id: body.id ?? 0,
      date: body.date,
      startTime: body.startTime,
      endTime: body.endTime,
      breakDuration: body.breakDuration,
      timeZone,
      ownRateCents: parseMoney(body.hourlyRateAtTime) ?? 0,
      manualPremiumIds: body.manualPremiumIds,
    };
    const shifts = [...others, candidate];
    await ensureHolidayYears(tx, userId, body.employerId, [Number(body.date.slice(0, 4))]);
    const holidays = await holidayDatesOf(tx, userId, body.employerId);
    // At an employer of an overtime group, with the other employers' hours of those weeks.
    const pay = await payAlongGroup(
      tx,
      userId,
      body.employerId,
      { shifts, versions: own, holidays },
      range,
      'stored',
      body.id,
    );
    const figures = pay.shifts[shifts.length - 1]!;
    const period = withOvertime
      ? pay.periods.find((p) => p.startDate <= body.date && body.date <= p.endDate)
      : undefined;
    return {
      workedMinutes: figures.workedMinutes,
      paidMinutes: figures.paidMinutes,
      regularCents: figures.payCents,
      premiumCents: figures.premiumCents,
      overtimeCents: figures.overtimeCents,
      totalCents: figures.totalPayCents,
      lines: storedLines(figures.extraLines),
      period: period
        ? {
            kind: period.kind,
            startDate: period.startDate,
            endDate: period.endDate,
            paidMinutes: period.paidMinutes,
            straightTimeCents: period.straightTimeCents,
            exactRegularRateCentsPerHour: formatR(period.exactRegularRateCentsPerHour),
            regularRateCentsPerHour: period.regularRateCentsPerHour,
            overtimeMinutes: period.overtimeMinutes.map((o) => ({
              multiplierBp: o.multiplierBp,
              minutes: o.minutes,
            })),
            overtimePremiumCents: period.overtimePremiumCents,
            thresholdMinutes: period.thresholdMinutes,
            minutesLeftBeforeThreshold: period.minutesLeftBeforeThreshold,
            groupName: pay.group?.name ?? null,
          }
        : null,
    };
  });
}
