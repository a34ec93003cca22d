import { TIMER_UNATTENDED_MS } from '../../../shared/domain/timer.ts';
import type { StopTimerBody, Timer } from '../../../shared/schemas/timer.ts';
import type { WorkLog } from '../../../shared/schemas/work-logs.ts';
import type { Db, Tx } from '../../db/open.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { findOwnEmployer, findUserTimeZone } from '../work-logs/work-logs.repository.ts';
import { createWorkLogIn } from '../work-logs/work-logs.service.ts';
import {
  deleteTimer,
  findTimerView,
  insertTimer,
  lockTimer,
  updateTimer,
} from './timer.repository.ts';
import { isUnderAMinute, type RunningTimer, timerShift } from './timer.shift.ts';

const employerNotFound = () => notFound('Employer not found');
const noTimer = () => notFound('No timer is running');
const conflict = (message: string) => new AppError('conflict', 409, message);
const invalid = (field: string, message: string) =>
  new AppError('validation_failed', 400, message, { [field]: message });

type Start = { employerId: number; department: string | null };

/** Every write locks the user's row first, so two devices' writes run one after the other. */
async function inTransaction<T>(db: Db, userId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await transaction(db, work, { userId });
  } catch (error) {
    // The employer deleted meanwhile.
    if (
      isForeignKeyViolation(error, 'timers_employer_fk') ||
      isForeignKeyViolation(error, 'work_logs_employer_fk')
    ) {
      throw employerNotFound();
    }
    // Another device started one at the same moment (the user lock makes this all but moot).
    if (isUniqueViolation(error, 'timers_user_id_unique')) throw alreadyRunning();
    throw error;
  }
}

const alreadyRunning = (name?: string) =>
  conflict(
    name
      ? `A timer is already running for ${name}: stop it or switch to another employer`
      : 'A timer is already running: stop it or switch to another employer',
  );

/** The employer is the caller's own (else 404, like a missing one) and so is the department. */
async function checkedStart(tx: Tx, userId: number, body: Start): Promise<Start> {
  const employer = await findOwnEmployer(tx, userId, body.employerId);
  if (!employer) throw employerNotFound();
  if (body.department && !employer.departments.includes(body.department)) {
    throw invalid('department', `Choose one of ${employer.name}'s departments`);
  }
  return { employerId: body.employerId, department: body.department ?? null };
}

async function view(tx: Tx, userId: number): Promise<Timer> {
  return (await findTimerView(tx, userId))!;
}

export async function getTimer(db: Db, userId: number): Promise<{ timer: Timer | null }> {
  return { timer: await findTimerView(db, userId) };
}

export function startTimer(db: Db, userId: number, body: Start, now: Date): Promise<Timer> {
  return inTransaction(db, userId, async (tx) => {
    const start = await checkedStart(tx, userId, body);
    const running = await lockTimer(tx, userId);
    if (running) {
      const current = await findTimerView(tx, userId);
      throw alreadyRunning(current?.employerName);
    }
    await insertTimer(tx, { userId, ...start, startedAt: now });
    return view(tx, userId);
  });
}

export function pauseTimer(db: Db, userId: number, now: Date): Promise<Timer> {
  return inTransaction(db, userId, async (tx) => {
    const running = await lockTimer(tx, userId);
    if (!running) throw noTimer();
    if (running.pausedAt) throw conflict('The timer is already paused');
    await updateTimer(tx, userId, { pausedAt: now, pausedSeconds: running.pausedSeconds });
    return view(tx, userId);
  });
}

export function resumeTimer(db: Db, userId: number, now: Date): Promise<Timer> {
  return inTransaction(db, userId, async (tx) => {
    const running = await lockTimer(tx, userId);
    if (!running) throw noTimer();
    if (!running.pausedAt) throw conflict('The timer is not paused');
    const paused = Math.max(0, Math.floor((now.getTime() - running.pausedAt.getTime()) / 1000));
    await updateTimer(tx, userId, {
      pausedAt: null,
      pausedSeconds: running.pausedSeconds + paused,
    });
    return view(tx, userId);
  });
}

/** Saves the shift through the work-log save; any refusal there keeps the timer running. */
async function saveShift(
  tx: Tx,
  userId: number,
  running: RunningTimer,
  choices: Omit<StopTimerBody, 'endedAt'> & { endedAt?: Date },
  now: Date,
): Promise<WorkLog> {
  const zone = await findUserTimeZone(tx, userId);
  const shift = timerShift(running, choices, now, zone);
  const log = await createWorkLogIn(tx, userId, {
    employerId: running.employerId,
    department: running.department,
    ...shift,
    status: 'pending',
    hourlyRateAtTime: '0',
    note: choices.note ?? null,
    manualPremiumIds: [],
    // Tips and expenses are typed on the shift afterwards, in the dialog.
    tipsCash: '0',
    tipsCard: '0',
    distance: null,
    expenseAmount: '0',
    expenseNote: null,
    allowOverlap: choices.allowOverlap,
  });
  await deleteTimer(tx, userId);
  return log;
}

export function stopTimer(
  db: Db,
  userId: number,
  body: Omit<StopTimerBody, 'endedAt'> & { endedAt?: string | undefined },
  now: Date,
): Promise<WorkLog> {
  return inTransaction(db, userId, async (tx) => {
    const running = await lockTimer(tx, userId);
    if (!running) throw noTimer();
    const { endedAt, ...rest } = body;
    return saveShift(
      tx,
      userId,
      running,
      { ...rest, ...(endedAt ? { endedAt: new Date(endedAt) } : {}) },
      now,
    );
  });
}

/**
 * Stops the running timer (its shift saved as a stop would) and starts one for another employer
 * at the same instant, in one transaction. Under a minute, the old one is dropped, not saved.
 */
export function switchTimer(
  db: Db,
  userId: number,
  body: Start,
  now: Date,
): Promise<{ timer: Timer; workLog: WorkLog | null }> {
  return inTransaction(db, userId, async (tx) => {
    const start = await checkedStart(tx, userId, body);
    const running = await lockTimer(tx, userId);
    if (!running) throw noTimer();
    if (now.getTime() - running.startedAt.getTime() > TIMER_UNATTENDED_MS) {
      throw invalid(
        'endedAt',
        'The timer has been running for more than 16 hours: stop it with the time the shift really ended first',
      );
    }
    const workLog = isUnderAMinute(running, running.pausedAt ?? now)
      ? null
      : await saveShift(tx, userId, running, {}, now);
    await deleteTimer(tx, userId);
    await insertTimer(tx, { userId, ...start, startedAt: now });
    return { timer: await view(tx, userId), workLog };
  });
}

export async function discardTimer(db: Db, userId: number): Promise<void> {
  const gone = await inTransaction(db, userId, (tx) => deleteTimer(tx, userId));
  if (!gone) throw noTimer();
}
