import type {
  CreateEmployer,
  Employer,
  UpdateEmployer,
} from '../../../shared/schemas/employers.ts';
import type { Db, Executor } from '../../db/open.ts';
import { recomputePay } from '../../db/pay-results.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { logIdsOfEmployer, pageIdsOf } from '../notion/notion.repository.ts';
import { queueArchive, queueSync } from '../notion/notion.service.ts';
import {
  deleteEmployer,
  findEmployer,
  findEmployerNamed,
  createEmployer as insertEmployer,
  updateEmployer as updateEmployerRow,
} from './employers.repository.ts';

export const employerNotFound = () => notFound('Employer not found');

const NAME_INDEX = 'employers_user_id_name_unique';
const nameTaken = (name: string) => {
  const message = `You already have an employer named "${name}"`;
  return new AppError('conflict', 409, message, { name: message });
};

/** Checked first for a clear message; the unique index settles two saves racing each other. */
async function withUniqueName<T>(
  db: Executor,
  userId: number,
  name: string | undefined,
  exceptId: number | undefined,
  write: () => Promise<T>,
): Promise<T> {
  if (name !== undefined) {
    const other = await findEmployerNamed(db, userId, name, exceptId);
    if (other) throw nameTaken(other.name);
  }
  try {
    return await write();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error, NAME_INDEX)) throw nameTaken(name);
    throw error;
  }
}

/** Each write is one transaction handed down to the repository, so what it causes commits with it. */
export function addEmployer(db: Db, userId: number, input: CreateEmployer): Promise<Employer> {
  return transaction(
    db,
    (tx) =>
      withUniqueName(tx, userId, input.name, undefined, () => insertEmployer(tx, userId, input)),
    { userId },
  );
}

export async function changeEmployer(
  db: Db,
  userId: number,
  id: number,
  changes: UpdateEmployer,
): Promise<Employer> {
  const employer = await transaction(
    db,
    async (tx) => {
      const before =
        changes.name === undefined ? undefined : (await findEmployer(tx, userId, id))?.name;
      const changed = await withUniqueName(tx, userId, changes.name, id, () =>
        updateEmployerRow(tx, userId, id, changes),
      );
      // A log without a rate of its own is paid the employer's: its stored figures follow.
      if (changed && changes.hourlyRate !== undefined) {
        await recomputePay(tx, userId, { employerIds: [id] });
      }
      // Its name shows on the pages of its logs (the rate is the log's own): a rename re-mirrors.
      if (changed && before !== undefined && before !== changed.name) {
        await queueSync(tx, userId, () => logIdsOfEmployer(tx, userId, id));
      }
      return changed;
    },
    { userId },
  );
  if (!employer) throw employerNotFound();
  return employer;
}

export async function removeEmployer(db: Db, userId: number, id: number): Promise<void> {
  const removed = await transaction(
    db,
    async (tx) => {
      // The pages of its logs are archived: queued before the cascade removes the rows.
      await queueArchive(tx, userId, await pageIdsOf(tx, userId, { employerId: id }));
      return deleteEmployer(tx, userId, id);
    },
    { userId },
  );
  if (!removed) throw employerNotFound();
}
