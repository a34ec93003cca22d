// Sets an employer's pay rules straight in the database, in every version of them, and
// recomputes its stored figures, as a rule change "for every shift" through the API does.
import { and, eq } from 'drizzle-orm';
import type { PayRules } from '../../shared/domain/pay-engine.ts';
import { recomputePay } from '../db/pay-results.ts';
import { employerPayRules, employers } from '../db/schema/index.ts';
import type { TestContext } from './app.ts';

export type EmployerRules = Partial<
  Pick<PayRules, 'roundingStep' | 'roundingDirection' | 'precision' | 'taxMethod'>
>;

export async function setEmployerRules(
  ctx: TestContext,
  userId: number,
  employerId: number,
  rules: EmployerRules,
): Promise<void> {
  const { db } = ctx.database;
  await db
    .update(employers)
    .set({
      roundingStep: rules.roundingStep,
      roundingDirection: rules.roundingDirection,
      payPrecision: rules.precision,
      taxMethod: rules.taxMethod,
    })
    .where(and(eq(employers.id, employerId), eq(employers.userId, userId)));
  // Every version of its rules, as "every shift" would.
  const perShift = {
    roundingStep: rules.roundingStep,
    roundingDirection: rules.roundingDirection,
    payPrecision: rules.precision,
    taxMethod: rules.taxMethod,
  };
  if (Object.values(perShift).some((value) => value !== undefined)) {
    await db
      .update(employerPayRules)
      .set(perShift)
      .where(and(eq(employerPayRules.employerId, employerId), eq(employerPayRules.userId, userId)));
  }
  await recomputePay(db, userId, { employerIds: [employerId] });
}
