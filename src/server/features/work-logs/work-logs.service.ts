import { elapsedMinutes } from '../../../shared/domain/elapsed.ts';
import { type DistanceUnit, expenseCentsOf } from '../../../shared/domain/expenses.ts';
import { formatDisplayDate } from '../../../shared/domain/format.ts';
import { parseMoney, shiftMinutes } from '../../../shared/domain/index.ts';
import type { WeekSave, WeekSaveResult } from '../../../shared/schemas/week-save.ts';
import type {
  BulkWorkLogs,
  BulkWorkLogsResult,
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
import { queueSync } from '../notion/notion.service.ts';
import { findOverlappingShift, overlapError } from './work-logs.overlaps.ts';
import {
  dropReceiptWithoutExpense,
  findOwnEmployer,
  findUserTimeZone,
  findWorkLog,
  findWorkLogRow,
  findWorkLogRowsForUpdate,
  insertWorkLog,
  type NewWorkLog,
  premiumIdsOf,
  updateWorkLogRow,
  type WorkLogRow,
} from './work-logs.repository.ts';
import { deleteWithUndo } from './work-logs.undo.ts';

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
  /** The mileage the shift was saved with: kept while its distance and employer stay. */
  kept?: Pick<NewWorkLog, 'employerId' | 'distance' | 'mileageRateAtTime' | 'distanceUnit'>,
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
  return {
    ...log,
    ...expensesOf(log, employer, kept),
    timeZone,
    hourlyRateAtTime: rate > 0 ? log.hourlyRateAtTime : '0',
  };
}

/**
 * The shift's mileage at the employer's rate per km or mile when its distance is typed (kept on
 * a later edit that leaves the distance and employer alone), and what it pays back (decision 042).
 */
function expensesOf(
  log: CreateWorkLog,
  employer: { name: string; mileageRate: string | null; distanceUnit: DistanceUnit },
  kept:
    | Pick<NewWorkLog, 'employerId' | 'distance' | 'mileageRateAtTime' | 'distanceUnit'>
    | undefined,
): Pick<NewWorkLog, 'mileageRateAtTime' | 'distanceUnit' | 'expenseCents'> {
  const amount = parseMoney(log.expenseAmount) ?? 0;
  if (amount > 0 && !log.expenseNote) {
    throw invalid('expenseNote', 'Say what the expense was for');
  }
  let mileage: Pick<NewWorkLog, 'mileageRateAtTime' | 'distanceUnit'> = {
    mileageRateAtTime: null,
    distanceUnit: null,
  };
  if (log.distance !== null) {
    const same =
      kept?.mileageRateAtTime &&
      kept.employerId === log.employerId &&
      Number(kept.distance) === Number(log.distance);
    if (same) {
      mileage = { mileageRateAtTime: kept.mileageRateAtTime, distanceUnit: kept.distanceUnit };
    } else if (employer.mileageRate === null) {
      throw invalid(
        'distance',
        `${employer.name} pays no mileage: set a rate per km or mile on the employer first`,
      );
    } else {
      mileage = { mileageRateAtTime: employer.mileageRate, distanceUnit: employer.distanceUnit };
    }
  }
  return {
    ...mileage,
    expenseCents: expenseCentsOf({
      distance: log.distance,
      mileageRate: mileage.mileageRateAtTime ?? null,
      expenseAmount: log.expenseAmount,
    }),
  };
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
  body: CreateWorkLog & Pick<CreateWorkLogBody, 'allowOverlap'>,
): Promise<WorkLog> {
  return inTransaction(db, userId, (tx) => createWorkLogIn(tx, userId, body));
}

/**
 * The create path inside the caller's transaction, which must have locked the user's row: the
 * timer's stop saves its shift through it (decision 044), every rule and refusal included.
 */
export async function createWorkLogIn(
  tx: Tx,
  userId: number,
  { allowOverlap, ...input }: CreateWorkLog & Pick<CreateWorkLogBody, 'allowOverlap'>,
): Promise<WorkLog> {
  const zone = await findUserTimeZone(tx, userId);
  const id = await createInTx(tx, userId, input, { check: !allowOverlap }, zone);
  return (await findWorkLog(tx, userId, id))!;
}

/** The one path a new shift takes (the dialog, a copy): checks, locks, pay, Notion mirror. */
async function createInTx(
  tx: Tx,
  userId: number,
  input: CreateWorkLog,
  overlap: OverlapCheck,
  zone: string,
): Promise<number> {
  const log = await checked(tx, userId, input, overlap, zone);
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
  return id;
}

export function updateWorkLog(
  db: Db,
  userId: number,
  id: number,
  body: UpdateWorkLog & Pick<UpdateWorkLogBody, 'allowOverlap'>,
): Promise<WorkLog> {
  return inTransaction(db, userId, async (tx) => {
    const current = await findWorkLogRow(tx, userId, id, { forUpdate: true });
    if (!current) throw workLogNotFound();
    await updateInTx(tx, userId, current, body);
    return (await findWorkLog(tx, userId, id))!;
  });
}

async function updateInTx(
  tx: Tx,
  userId: number,
  current: WorkLogRow,
  { allowOverlap, ...changes }: UpdateWorkLog & Pick<UpdateWorkLogBody, 'allowOverlap'>,
): Promise<void> {
  const id = current.id;
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
    tipsCash: current.tipsCash,
    tipsCard: current.tipsCard,
    distance: current.distance,
    expenseAmount: current.expenseAmount,
    expenseNote: current.expenseNote,
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
    await checked(tx, userId, merged, overlap, current.timeZone, current),
  );
  // A receipt goes with an expense amount: clearing the amount removes it (decision 046).
  await dropReceiptWithoutExpense(tx, userId, id);
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
}

/** Deletes the shift; answers the token whose Undo puts it back (decision 048). */
export async function removeWorkLog(db: Db, userId: number, id: number): Promise<string> {
  return inTransaction(db, userId, async (tx) => {
    const current = await findWorkLogRow(tx, userId, id, { forUpdate: true });
    if (!current) throw workLogNotFound();
    await assertOpen(tx, userId, [{ employerId: current.employerId, date: current.date }]);
    const { gone, undoToken } = await deleteWithUndo(tx, userId, [id]);
    if (gone.length === 0) throw workLogNotFound();
    return undoToken;
  });
}

/** A refusal about one of several shifts says which day it was about. */
function onDay<T>(date: string, work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => {
    if (!(error instanceof AppError) || error.statusCode === 404) throw error;
    throw new AppError(
      error.code,
      error.statusCode,
      `${formatDisplayDate(date)}: ${error.message}`,
      error.errors,
      error.headers,
    );
  });
}

/**
 * Copies of one shift, one on each date, through the dialog's own path (checks, overlaps,
 * closed periods, pay, Notion mirror), in one transaction: all are saved or none. A copy is a
 * new shift: pending, read in the user's time zone now; employer, times, break, department,
 * note, typed rate and by-hand premiums as the original.
 */
export function duplicateWorkLog(
  db: Db,
  userId: number,
  id: number,
  dates: readonly string[],
): Promise<WorkLog[]> {
  return inTransaction(db, userId, async (tx) => {
    const source = await findWorkLogRow(tx, userId, id);
    if (!source) throw workLogNotFound();
    const ids = await copiesInTx(tx, userId, source, dates, await findUserTimeZone(tx, userId));
    const logs: WorkLog[] = [];
    for (const copyId of ids) logs.push((await findWorkLog(tx, userId, copyId))!);
    return logs;
  });
}

async function copiesInTx(
  tx: Tx,
  userId: number,
  source: WorkLogRow,
  dates: readonly string[],
  zone: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (const date of [...dates].sort()) {
    const copy: CreateWorkLog = {
      employerId: source.employerId,
      date,
      startTime: source.startTime.slice(0, 5),
      endTime: source.endTime.slice(0, 5),
      breakDuration: source.breakDuration,
      department: source.department,
      status: 'pending',
      note: source.note,
      hourlyRateAtTime: source.hourlyRateAtTime,
      manualPremiumIds: source.manualPremiumIds,
      // Tips and expenses are what happened that day: a copy starts without them.
      tipsCash: '0',
      tipsCard: '0',
      distance: null,
      expenseAmount: '0',
      expenseNote: null,
    };
    ids.push(await onDay(date, () => createInTx(tx, userId, copy, { check: true }, zone)));
  }
  return ids;
}

/**
 * One action on the selected shifts in one transaction: each must be the user's (else 404 and
 * nothing changes), and each change takes the path a single edit, delete or copy takes. A delete
 * answers the token whose Undo puts them back; a copy, how many copies were made.
 */
export function bulkWorkLogs(
  db: Db,
  userId: number,
  body: BulkWorkLogs,
): Promise<BulkWorkLogsResult> {
  return inTransaction(db, userId, async (tx) => {
    const rows = await findWorkLogRowsForUpdate(tx, userId, body.ids);
    if (rows.length !== body.ids.length) throw workLogNotFound();
    rows.sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime));
    if (body.action === 'delete') {
      await assertOpen(tx, userId, rows);
      const { gone, undoToken } = await deleteWithUndo(
        tx,
        userId,
        rows.map((row) => row.id),
      );
      return { count: gone.length, undoToken };
    }
    if (body.action === 'duplicate') {
      const zone = await findUserTimeZone(tx, userId);
      let count = 0;
      for (const row of rows) count += (await copiesInTx(tx, userId, row, body.dates, zone)).length;
      return { count };
    }
    for (const row of rows) {
      const changes =
        body.action === 'set_employer'
          ? { employerId: body.employerId }
          : { department: body.department };
      await onDay(row.date, () => updateInTx(tx, userId, row, changes));
    }
    return { count: rows.length };
  });
}

/** A refusal about one item of a week save: its date first, and the item in `errors.item`. */
function onItem<T>(item: string, date: string, work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => {
    if (!(error instanceof AppError) || error.statusCode === 404) throw error;
    throw new AppError(
      error.code,
      error.statusCode,
      `${formatDisplayDate(date)}: ${error.message}`,
      { ...error.errors, item },
      error.headers,
    );
  });
}

/**
 * The week grid's save (decision 049): deletes, then changes, then new shifts, each through the
 * single shift's own path (checks, overlaps, closed periods, pay, Notion mirror), in one
 * transaction: all are saved or none. A shift that is not the user's is 404 for the whole save.
 */
export function saveWeek(db: Db, userId: number, body: WeekSave): Promise<WeekSaveResult> {
  return inTransaction(db, userId, async (tx) => {
    const ids = [...body.update.map((u) => u.id), ...body.delete];
    const rows = await findWorkLogRowsForUpdate(tx, userId, ids);
    if (rows.length !== ids.length) throw workLogNotFound();
    const byId = new Map(rows.map((row) => [row.id, row]));

    for (const [index, id] of body.delete.entries()) {
      const row = byId.get(id)!;
      await onItem(`delete.${index}`, row.date, () =>
        assertOpen(tx, userId, [{ employerId: row.employerId, date: row.date }]),
      );
    }
    // As any delete: the rows kept a minute for an Undo, their pages archived, their weeks
    // paid again (decision 048).
    if (body.delete.length > 0) await deleteWithUndo(tx, userId, body.delete);

    for (const [index, { id, ...times }] of body.update.entries()) {
      const row = byId.get(id)!;
      await onItem(`update.${index}`, row.date, () => updateInTx(tx, userId, row, times));
    }

    const zone = await findUserTimeZone(tx, userId);
    const created: number[] = [];
    for (const [index, input] of body.create.entries()) {
      created.push(
        await onItem(`create.${index}`, input.date, () =>
          createInTx(tx, userId, input, { check: true }, zone),
        ),
      );
    }

    const read = async (list: readonly number[]) => {
      const logs: WorkLog[] = [];
      for (const logId of list) logs.push((await findWorkLog(tx, userId, logId))!);
      return logs;
    };
    return {
      created: await read(created),
      updated: await read(body.update.map((u) => u.id)),
      deleted: [...body.delete],
    };
  });
}
