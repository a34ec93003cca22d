import { parseMoney, shiftMinutes } from '../../../shared/domain/index.ts';
import type {
  CreateWorkLog,
  UpdateWorkLogBody,
  WorkLog,
} from '../../../shared/schemas/work-logs.ts';
import type { Db } from '../../db/open.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  deleteWorkLog,
  findOwnEmployer,
  findWorkLog,
  findWorkLogRow,
  insertWorkLog,
  type NewWorkLog,
  updateWorkLogRow,
} from './work-logs.repository.ts';

const invalid = (field: string, message: string) =>
  new AppError('validation_failed', 400, message, { [field]: message });
export const workLogNotFound = () => notFound('Work log not found');

/**
 * The rules that span a log and its employer: the employer must be the user's own (another
 * user's answers 404, like a missing one), the department one of the employer's, the shift
 * longer than its break; a rate of 0 captures the employer's rate now, so a later change of
 * the employer's rate does not rewrite past earnings.
 */
async function checked(db: Db, userId: number, log: CreateWorkLog): Promise<NewWorkLog> {
  const employer = await findOwnEmployer(db, userId, log.employerId);
  if (!employer) throw notFound('Employer not found');
  const shift = shiftMinutes(log);
  if (!shift.ok) throw invalid(shift.field, shift.message);
  if (log.department && !employer.departments.includes(log.department)) {
    throw invalid('department', `Choose one of ${employer.name}'s departments`);
  }
  const rate = parseMoney(log.hourlyRateAtTime) ?? 0;
  return { ...log, hourlyRateAtTime: rate > 0 ? log.hourlyRateAtTime : employer.hourlyRate };
}

export async function createWorkLog(
  db: Db,
  userId: number,
  input: CreateWorkLog,
): Promise<WorkLog> {
  const id = await insertWorkLog(db, userId, await checked(db, userId, input));
  return (await findWorkLog(db, userId, id))!;
}

export async function updateWorkLog(
  db: Db,
  userId: number,
  id: number,
  changes: UpdateWorkLogBody,
): Promise<WorkLog> {
  const current = await findWorkLogRow(db, userId, id);
  if (!current) throw workLogNotFound();
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
    // Moving a log to another employer takes that employer's rate unless one is given.
    hourlyRateAtTime: employerChanged ? '0' : current.hourlyRateAtTime,
    ...(changes as Partial<CreateWorkLog>),
  };
  await updateWorkLogRow(db, userId, id, await checked(db, userId, merged));
  return (await findWorkLog(db, userId, id))!;
}

export async function removeWorkLog(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteWorkLog(db, userId, id))) throw workLogNotFound();
}
