// Sets an employer's pay rules straight in the database and recomputes its stored figures,
// as a rule change through the API does.
import { and, eq } from 'drizzle-orm';
import type { PayRules } from '../../shared/domain/pay-engine.ts';
import { recomputePay } from '../db/pay-results.ts';
import { employers } from '../db/schema/index.ts';
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
  await recomputePay(db, userId, { employerIds: [employerId] });
}
