import { elapsedMinutes } from '../../../shared/domain/elapsed.ts';
import { parseMoney, shiftMinutes } from '../../../shared/domain/index.ts';
import type {
  CreateWorkLog,
  CreateWorkLogBody,
  UpdateWorkLog,
  UpdateWorkLogBody,
  WorkLog,
} from '../../../shared/schemas/work-logs.ts';
import type { Db, Tx } from '../../db/open.ts';
import { recomputePay } from '../../db/pay-results.ts';
import { assertOpen } from '../../db/period-locks.ts';
import { isForeignKeyViolation } from '../../db/pg-errors.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { ensureHolidayYears } from '../../lib/employer-holidays.ts';
import { queueArchive, queueSync } from '../notion/notion.service.ts';
import { findOverlappingShift, overlapError } from './work-logs.overlaps.ts';
import {
  deleteWorkLog,
  findOwnEmployer,
  findUserTimeZone,
  findWorkLog,
  findWorkLogRow,
  insertWorkLog,
  type NewWorkLog,
  premiumIdsOf,
  updateWorkLogRow,
} from './work-logs.repository.ts';

const invalid = (field: string, message: string) =>
  new AppError('validation_failed', 400, message, { [field]: message });
const yearOf = (date: string) => Number(date.slice(0, 4));

export const workLogNotFound = () => notFound('Work log not found');
const employerNotFound = () => notFound('Employer not found');

type OverlapCheck =
  /** Refuse with 409 unless allowed; `exceptId` is the log being edited. */
  | { check: true; exceptId?: number }
  /** The user confirmed it, or an edit left the shift's employer, day and times alone. */
  | { check: false };

/** The employer stays locked until commit; an overlap would be billed twice unless confirmed. */
async function checked(
  tx: Tx,
  userId: number,
  log: CreateWorkLog,
  overlap: OverlapCheck,
  timeZone: string,
): Promise<NewWorkLog> {
  const employer = await findOwnEmployer(tx, userId, log.employerId);
  if (!employer) throw employerNotFound();
  // The times alone (equal start and end); the break is held to the real elapsed time below.
  const shift = shiftMinutes({ ...log, breakDuration: 0 });
  if (!shift.ok) throw invalid(shift.field, shift.message);
  // Real time in the shift's zone: a time the clocks skip that night is refused, and the break
  // must be shorter than the time that really passed (docs/product/money.md#the-pay-engine).
  const elapsed = elapsedMinutes({ ...log, timeZone });
  if (!elapsed.ok) throw invalid(elapsed.field, elapsed.message);
  if (log.breakDuration >= elapsed.minutes) {
    throw invalid('breakDuration', 'Break must be shorter than the shift');
  }
  if (log.department && !employer.departments.includes(log.department)) {
    throw invalid('department', `Choose one of ${employer.name}'s departments`);
  }
  if (log.manualPremiumIds.length > 0) {
    const known = await premiumIdsOf(tx, userId, log.employerId);
    if (log.manualPremiumIds.some((premium) => !known.has(premium))) {
      throw invalid('manualPremiumIds', `Choose premiums from ${employer.name}'s list`);
    }
  }
  if (overlap.check) {
    const other = await findOverlappingShift(tx, userId, log, overlap.exceptId);
    if (other) throw await overlapError(tx, userId, employer.name, other);
  }
  // Only a rate typed on the shift is stored; otherwise the employer's rate history pays it
  // (decision 036).
  const rate = parseMoney(log.hourlyRateAtTime) ?? 0;
  return { ...log, timeZone, hourlyRateAtTime: rate > 0 ? log.hourlyRateAtTime : '0' };
}

/** A foreign-key refusal (employer deleted meanwhile) is the same 404. */
async function inTransaction<T>(db: Db, userId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await transaction(db, work, { userId });
  } catch (error) {
    if (isForeignKeyViolation(error, 'work_logs_employer_fk')) throw employerNotFound();
    throw error;
  }
}

export function createWorkLog(
  db: Db,
  userId: number,
  { allowOverlap, ...input }: CreateWorkLog & Pick<CreateWorkLogBody, 'allowOverlap'>,
): Promise<WorkLog> {
  return inTransaction(db, userId, async (tx) => {
    const zone = await findUserTimeZone(tx, userId);
    const log = await checked(tx, userId, input, { check: !allowOverlap }, zone);
    await assertOpen(tx, userId, [{ employerId: log.employerId, date: log.date }]);
    const id = await insertWorkLog(tx, userId, log);
    await ensureHolidayYears(tx, userId, log.employerId, [yearOf(log.date)]);
    // With overtime, other shifts of its week may be paid differently now: their mirrors too.
    const changed: number[] = [];
    await recomputePay(
      tx,
      userId,
      { touched: [{ employerId: log.employerId, date: log.date }] },
      changed,
    );
    await queueSync(tx, userId, [...new Set([id, ...changed])]);
    return (await findWorkLog(tx, userId, id))!;
  });
}

export function updateWorkLog(
  db: Db,
  userId: number,
  id: number,
  { allowOverlap, ...changes }: UpdateWorkLog & Pick<UpdateWorkLogBody, 'allowOverlap'>,
): Promise<WorkLog> {
  return inTransaction(db, userId, async (tx) => {
    const current = await findWorkLogRow(tx, userId, id, { forUpdate: true });
    if (!current) throw workLogNotFound();
    // A shift of a closed period stays as it is, and none moves into one.
    await assertOpen(tx, userId, [
      { employerId: current.employerId, date: current.date },
      ...(changes.employerId !== undefined || changes.date !== undefined
        ? [
            {
              employerId: changes.employerId ?? current.employerId,
              date: changes.date ?? current.date,
            },
          ]
        : []),
    ]);
    const employerChanged =
      changes.employerId !== undefined && changes.employerId !== current.employerId;
    const merged: CreateWorkLog = {
      employerId: current.employerId,
      date: current.date,
      startTime: current.startTime.slice(0, 5),
      endTime: current.endTime.slice(0, 5),
      breakDuration: current.breakDuration,
      department: employerChanged ? null : current.department,
      status: current.status,
      note: current.note,
      // Moving a log to another employer takes that employer's rate unless one is given, and
      // none of the premiums switched on by hand (they are the old employer's).
      hourlyRateAtTime: employerChanged ? '0' : current.hourlyRateAtTime,
      manualPremiumIds: employerChanged ? [] : current.manualPremiumIds,
      ...changes,
    };
    // Re-asked only when the shift moves: a note or status change keeps a confirmed overlap.
    const moved =
      merged.employerId !== current.employerId ||
      merged.date !== current.date ||
      merged.startTime !== current.startTime.slice(0, 5) ||
      merged.endTime !== current.endTime.slice(0, 5);
    const overlap: OverlapCheck =
      moved && !allowOverlap ? { check: true, exceptId: id } : { check: false };
    // The zone it was logged in stays: a move to another zone changes no old shift.
    await updateWorkLogRow(
      tx,
      userId,
      id,
      await checked(tx, userId, merged, overlap, current.timeZone),
    );
    await ensureHolidayYears(tx, userId, merged.employerId, [yearOf(merged.date)]);
    // With overtime, the weeks it left and joined are paid again.
    const changed: number[] = [];
    await recomputePay(
      tx,
      userId,
      {
        touched: [
          { employerId: current.employerId, date: current.date },
          { employerId: merged.employerId, date: merged.date },
        ],
      },
      changed,
    );
    await queueSync(tx, userId, [...new Set([id, ...changed])]);
    return (await findWorkLog(tx, userId, id))!;
  });
}

export async function removeWorkLog(db: Db, userId: number, id: number): Promise<void> {
  const removed = await inTransaction(db, userId, async (tx) => {
    const current = await findWorkLogRow(tx, userId, id, { forUpdate: true });
    if (current) {
      await assertOpen(tx, userId, [{ employerId: current.employerId, date: current.date }]);
    }
    const gone = await deleteWorkLog(tx, userId, id);
    if (gone?.notionPageId) await queueArchive(tx, userId, [gone.notionPageId]);
    if (gone) {
      // With overtime, the rest of its week may be paid differently now: their mirrors too.
      const changed: number[] = [];
      const touched = [{ employerId: gone.employerId, date: gone.date }];
      await recomputePay(tx, userId, { touched }, changed);
      await queueSync(tx, userId, changed);
    }
    return gone !== undefined;
  });
  if (!removed) throw workLogNotFound();
}
