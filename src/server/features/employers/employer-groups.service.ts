// Employers counted as one for overtime (decision 040): creating, changing or removing a group
// pays every shift of the employers it reaches again, in the same transaction, and says how many
// shifts changed and by how much.
import { sql } from 'drizzle-orm';
import type { OvertimeRule } from '../../../shared/domain/overtime.ts';
import {
  type CreateEmployerGroup,
  type EmployerGroup,
  type EmployerGroupList,
  type EmployerGroupSaved,
  GROUP_MESSAGES,
  type UpdateEmployerGroup,
} from '../../../shared/schemas/employer-groups.ts';
import type { Db, Executor } from '../../db/open.ts';
import { recomputePay } from '../../db/pay-results.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { queueSync } from '../notion/notion.service.ts';

const groupNotFound = () => notFound(GROUP_MESSAGES.notFound);
const NAME_INDEX = 'employer_groups_user_id_name_unique';
const MEMBER_INDEX = 'employer_group_members_employer_unique';

const conflict = (field: string, message: string) =>
  new AppError('conflict', 409, message, { [field]: message });

interface GroupRow extends Record<string, unknown> {
  id: number;
  name: string;
  overtime: OvertimeRule;
  employerIds: number[] | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toGroup(row: GroupRow): EmployerGroup {
  return {
    id: row.id,
    name: row.name,
    overtime: row.overtime,
    employerIds: row.employerIds ?? [],
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

async function groupRows(db: Executor, userId: number, id?: number): Promise<GroupRow[]> {
  const { rows } = await db.execute<GroupRow>(sql`
    select g.id, g.name, g.overtime, g.created_at as "createdAt", g.updated_at as "updatedAt",
           (select array_agg(m.employer_id order by hourbook_lower(e.name), e.id)
              from employer_group_members m
              join employers e on e.id = m.employer_id and e.user_id = m.user_id
             where m.group_id = g.id and m.user_id = g.user_id) as "employerIds"
      from employer_groups g
     where g.user_id = ${userId} ${id === undefined ? sql`` : sql`and g.id = ${id}`}
     order by hourbook_lower(g.name), g.id`);
  return rows;
}

export async function listGroups(db: Executor, userId: number): Promise<EmployerGroupList> {
  return { groups: (await groupRows(db, userId)).map(toGroup) };
}

/** Every chosen employer is the user's, and in no other group. */
async function checkMembers(
  tx: Executor,
  userId: number,
  employerIds: readonly number[],
  groupId: number | null,
): Promise<void> {
  const { rows } = await tx.execute<{ id: number; name: string; groupName: string | null }>(sql`
    select e.id, e.name, g.name as "groupName"
      from employers e
      left join employer_group_members m on m.employer_id = e.id and m.user_id = e.user_id
        and m.group_id is distinct from ${groupId}
      left join employer_groups g on g.id = m.group_id and g.user_id = m.user_id
     where e.user_id = ${userId} and e.id = any(${sql.param([...employerIds])}::int[])`);
  if (rows.length !== employerIds.length) throw notFound(GROUP_MESSAGES.employerNotFound);
  const taken = rows.find((row) => row.groupName !== null);
  if (taken) {
    throw conflict(
      'employerIds',
      `${taken.name} already counts its overtime with ${taken.groupName}: take it out of that group first`,
    );
  }
}

/** Each shift's whole pay at these employers, by id. */
async function payOf(
  tx: Executor,
  userId: number,
  employerIds: readonly number[],
): Promise<Map<number, number>> {
  const { rows } = await tx.execute<{ id: number; pay: string }>(sql`
    select id, pay_cents::text as pay from work_logs
     where user_id = ${userId} and employer_id = any(${sql.param([...employerIds])}::int[])`);
  return new Map(rows.map((row) => [row.id, Number(row.pay)]));
}

/** Pays the employers' shifts again and says what moved; re-mirrors those that changed. */
async function repay(
  tx: Executor,
  userId: number,
  employerIds: readonly number[],
): Promise<EmployerGroupSaved['repaid']> {
  const ids = [...new Set(employerIds)];
  const before = await payOf(tx, userId, ids);
  const changed: number[] = [];
  await recomputePay(tx, userId, { employerIds: ids }, changed);
  const after = await payOf(tx, userId, ids);
  let beforeCents = 0;
  let afterCents = 0;
  for (const id of changed) {
    beforeCents += before.get(id) ?? 0;
    afterCents += after.get(id) ?? 0;
  }
  await queueSync(tx, userId, changed);
  return { shifts: changed.length, beforeCents, afterCents };
}

async function withConflicts<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error, NAME_INDEX)) {
      throw conflict('name', GROUP_MESSAGES.nameTaken);
    }
    if (isUniqueViolation(error, MEMBER_INDEX)) {
      throw conflict('employerIds', 'One of these employers is already in another group');
    }
    throw error;
  }
}

async function setMembers(
  tx: Executor,
  userId: number,
  groupId: number,
  employerIds: readonly number[],
): Promise<void> {
  await tx.execute(sql`
    delete from employer_group_members
     where group_id = ${groupId} and user_id = ${userId}
       and employer_id <> all(${sql.param([...employerIds])}::int[])`);
  await tx.execute(sql`
    insert into employer_group_members (group_id, employer_id, user_id)
    select ${groupId}, id, ${userId} from unnest(${sql.param([...employerIds])}::int[]) as id
    on conflict (employer_id) do nothing`);
}

async function nameIsFree(
  tx: Executor,
  userId: number,
  name: string,
  exceptId: number | null,
): Promise<void> {
  const { rows } = await tx.execute(sql`
    select 1 from employer_groups
     where user_id = ${userId} and hourbook_lower(name) = hourbook_lower(${name})
       and id is distinct from ${exceptId}`);
  if (rows.length > 0) throw conflict('name', GROUP_MESSAGES.nameTaken);
}

export function createGroup(
  db: Db,
  userId: number,
  body: CreateEmployerGroup,
): Promise<EmployerGroupSaved> {
  return transaction(
    db,
    (tx) =>
      withConflicts(body.name, async () => {
        await nameIsFree(tx, userId, body.name, null);
        await checkMembers(tx, userId, body.employerIds, null);
        const { rows } = await tx.execute<{ id: number }>(sql`
          insert into employer_groups (user_id, name, overtime)
          values (${userId}, ${body.name}, ${JSON.stringify(body.overtime)}::jsonb)
          returning id`);
        const id = rows[0]!.id;
        await setMembers(tx, userId, id, body.employerIds);
        const repaid = await repay(tx, userId, body.employerIds);
        const [row] = await groupRows(tx, userId, id);
        return { ...toGroup(row!), repaid };
      }),
    { userId },
  );
}

export async function updateGroup(
  db: Db,
  userId: number,
  id: number,
  body: UpdateEmployerGroup,
): Promise<EmployerGroupSaved> {
  return transaction(
    db,
    (tx) =>
      withConflicts(body.name, async () => {
        const [current] = await groupRows(tx, userId, id);
        if (!current) throw groupNotFound();
        if (body.name !== undefined) await nameIsFree(tx, userId, body.name, id);
        if (body.employerIds) await checkMembers(tx, userId, body.employerIds, id);
        await tx.execute(sql`
          update employer_groups
             set name = coalesce(${body.name ?? null}, name),
                 overtime = coalesce(${body.overtime ? JSON.stringify(body.overtime) : null}::jsonb,
                                     overtime),
                 updated_at = now()
           where id = ${id} and user_id = ${userId}`);
        if (body.employerIds) await setMembers(tx, userId, id, body.employerIds);
        const old = current.employerIds ?? [];
        const repaid =
          body.overtime || body.employerIds
            ? await repay(tx, userId, [...old, ...(body.employerIds ?? [])])
            : { shifts: 0, beforeCents: 0, afterCents: 0 };
        const [row] = await groupRows(tx, userId, id);
        return { ...toGroup(row!), repaid };
      }),
    { userId },
  );
}

export function deleteGroup(
  db: Db,
  userId: number,
  id: number,
): Promise<EmployerGroupSaved['repaid']> {
  return transaction(
    db,
    async (tx) => {
      const [current] = await groupRows(tx, userId, id);
      if (!current) throw groupNotFound();
      await tx.execute(sql`delete from employer_groups where id = ${id} and user_id = ${userId}`);
      return repay(tx, userId, current.employerIds ?? []);
    },
    { userId },
  );
}

/** The other employers of an employer's group, whose pay its removal changes. */
export async function groupMatesOf(
  tx: Executor,
  userId: number,
  employerId: number,
): Promise<number[]> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    select o.employer_id as id from employer_group_members m
      join employer_group_members o on o.group_id = m.group_id and o.user_id = m.user_id
     where m.employer_id = ${employerId} and m.user_id = ${userId}
       and o.employer_id <> ${employerId}`);
  return rows.map((row) => row.id);
}

/** After an employer is removed, its group's other members are paid without its hours. */
export async function repayGroupMates(
  tx: Executor,
  userId: number,
  mates: readonly number[],
): Promise<void> {
  if (mates.length > 0) await repay(tx, userId, mates);
}
