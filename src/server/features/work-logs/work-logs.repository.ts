import { and, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import {
  formatHours,
  formatMoneyString,
  logAmounts,
  parseMoney,
} from '../../../shared/domain/index.ts';
import type { RoundTime } from '../../../shared/schemas/settings.ts';
import type { WorkLog, WorkLogListQuery } from '../../../shared/schemas/work-logs.ts';
import type { Db } from '../../db/open.ts';
import { employers, settings, workLogs } from '../../db/schema/index.ts';

export type WorkLogRow = typeof workLogs.$inferSelect;
export type NewWorkLog = Omit<
  typeof workLogs.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;

const employerColumns = {
  id: employers.id,
  name: employers.name,
  hourlyRate: employers.hourlyRate,
  brandColor: employers.brandColor,
  departments: employers.departments,
  isActive: employers.isActive,
  taxRate: employers.taxRate,
};
type EmbeddedEmployer = WorkLog['employer'];

const hhmm = (time: string) => time.slice(0, 5);

/** The API shape: times as HH:MM, hours and earnings from the domain core and the user's rounding. */
function toWorkLog(row: WorkLogRow, employer: EmbeddedEmployer, roundTime: RoundTime): WorkLog {
  const amounts = logAmounts(
    {
      startTime: hhmm(row.startTime),
      endTime: hhmm(row.endTime),
      breakDuration: row.breakDuration,
      hourlyRateAtTime: parseMoney(row.hourlyRateAtTime) ?? 0,
      employerRate: parseMoney(employer.hourlyRate) ?? 0,
    },
    roundTime,
  );
  const { notionPageId: _notion, ...rest } = row;
  return {
    ...rest,
    startTime: hhmm(row.startTime),
    endTime: hhmm(row.endTime),
    hours: formatHours(amounts.tenths),
    earnings: formatMoneyString(amounts.earningsCents),
    employer,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function roundTimeOf(db: Db, userId: number): Promise<RoundTime> {
  const [row] = await db
    .select({ roundTime: settings.roundTime })
    .from(settings)
    .where(eq(settings.userId, userId));
  return row?.roundTime ?? 'none';
}

/** Newest first (date, then start time, then the most recently created). */
export async function listWorkLogs(
  db: Db,
  userId: number,
  query: Omit<WorkLogListQuery, 'limit' | 'offset'> & { limit?: number; offset?: number },
): Promise<WorkLog[]> {
  const where: SQL[] = [eq(workLogs.userId, userId)];
  if (query.employerId) where.push(eq(workLogs.employerId, Number(query.employerId)));
  if (query.department) where.push(eq(workLogs.department, query.department));
  if (query.from) where.push(gte(workLogs.date, query.from));
  if (query.to) where.push(lte(workLogs.date, query.to));
  if (query.search)
    where.push(ilike(employers.name, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`));
  let statement = db
    .select({ log: workLogs, employer: employerColumns })
    .from(workLogs)
    .innerJoin(employers, eq(employers.id, workLogs.employerId))
    .where(and(...where))
    .orderBy(desc(workLogs.date), desc(workLogs.startTime), desc(workLogs.id))
    .$dynamic();
  if (query.limit !== undefined) statement = statement.limit(query.limit);
  if (query.offset !== undefined) statement = statement.offset(query.offset);
  const [rows, roundTime] = await Promise.all([statement, roundTimeOf(db, userId)]);
  return rows.map((r) => toWorkLog(r.log, r.employer, roundTime));
}

export async function findWorkLogRow(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(workLogs)
    .where(and(eq(workLogs.id, id), eq(workLogs.userId, userId)));
  return row;
}

export async function findWorkLog(
  db: Db,
  userId: number,
  id: number,
): Promise<WorkLog | undefined> {
  const [row] = await db
    .select({ log: workLogs, employer: employerColumns })
    .from(workLogs)
    .innerJoin(employers, eq(employers.id, workLogs.employerId))
    .where(and(eq(workLogs.id, id), eq(workLogs.userId, userId)));
  if (!row) return undefined;
  return toWorkLog(row.log, row.employer, await roundTimeOf(db, userId));
}

export async function findOwnEmployer(db: Db, userId: number, employerId: number) {
  const [row] = await db
    .select(employerColumns)
    .from(employers)
    .where(and(eq(employers.id, employerId), eq(employers.userId, userId)));
  return row;
}

export async function insertWorkLog(db: Db, userId: number, values: NewWorkLog): Promise<number> {
  const [row] = await db
    .insert(workLogs)
    .values({ ...values, userId })
    .returning({ id: workLogs.id });
  return row!.id;
}

export async function updateWorkLogRow(
  db: Db,
  userId: number,
  id: number,
  values: Partial<NewWorkLog>,
): Promise<boolean> {
  const rows = await db
    .update(workLogs)
    .set(values)
    .where(and(eq(workLogs.id, id), eq(workLogs.userId, userId)))
    .returning({ id: workLogs.id });
  return rows.length > 0;
}

export async function deleteWorkLog(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(workLogs)
    .where(and(eq(workLogs.id, id), eq(workLogs.userId, userId)))
    .returning({ id: workLogs.id });
  return rows.length > 0;
}
