import { formatMoneyString, formatPercent } from '../../../shared/domain/money.ts';
import type {
  ChangePreview,
  CreateEmployer,
  Employer,
  RateHistory,
  UpdateEmployer,
} from '../../../shared/schemas/employers.ts';
import type { Db, Executor } from '../../db/open.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { logIdsOfEmployer, pageIdsOf } from '../notion/notion.repository.ts';
import { queueArchive, queueSync } from '../notion/notion.service.ts';
import {
  findRateHistory,
  insertFirstVersion,
  ownsEmployer,
} from './employer-pay-rules.repository.ts';
import { changePayRules, previewPayChange } from './employer-rule-changes.service.ts';
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
      withUniqueName(tx, userId, input.name, undefined, async () => {
        const employer = await insertEmployer(tx, userId, input);
        await insertFirstVersion(tx, userId, employer.id);
        return employer;
      }),
    { userId },
  );
}

export async function changeEmployer(
  db: Db,
  userId: number,
  id: number,
  changes: UpdateEmployer,
  now: Date,
): Promise<Employer> {
  const employer = await transaction(
    db,
    async (tx) => {
      // Locks the employer first, so two edits of its rules take turns (decision 036).
      const rules = await changePayRules(tx, userId, id, changes, now);
      if (!rules) return undefined;
      const { latest } = rules;
      const before =
        changes.name === undefined ? undefined : (await findEmployer(tx, userId, id))?.name;
      const { applyChange: _, ...fields } = changes;
      const changed = await withUniqueName(tx, userId, changes.name, id, () =>
        updateEmployerRow(tx, userId, id, {
          ...fields,
          hourlyRate: formatMoneyString(latest.rateCents),
          roundingStep: latest.roundingStep,
          roundingDirection: latest.roundingDirection,
          payPrecision: latest.payPrecision,
          taxMethod: latest.taxMethod,
          taxRate: formatPercent(latest.taxBasisPoints),
        }),
      );
      // Its name and its shifts' earnings show on the pages of its logs: either change re-mirrors.
      if (changed && (rules.changed || (before !== undefined && before !== changed.name))) {
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

export async function previewEmployerChange(
  db: Db,
  userId: number,
  id: number,
  changes: UpdateEmployer,
  now: Date,
): Promise<ChangePreview> {
  const preview = await transaction(db, (tx) => previewPayChange(tx, userId, id, changes, now), {
    userId,
  });
  if (!preview) throw employerNotFound();
  return preview;
}

export async function rateHistoryOf(db: Db, userId: number, id: number): Promise<RateHistory> {
  if (!(await ownsEmployer(db, userId, id))) throw employerNotFound();
  return findRateHistory(db, userId, id);
}
