import { describe, expectTypeOf, it } from 'vitest';
import type { CreateEmployer, UpdateEmployer } from '../../shared/schemas/employers.ts';
import type { CreateWorkLog, UpdateWorkLog } from '../../shared/schemas/work-logs.ts';
import type { employers, workLogs } from './schema/index.ts';

/**
 * The shared create/update schemas (the API contract) tied to their tables: every field a
 * schema gives is a column of the table, with a type the column takes, and every column a row
 * needs is given. `npm run typecheck` fails here when one side gains a field the other lacks.
 */
type Insert<T extends { $inferInsert: object }> = Omit<
  T['$inferInsert'],
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;
/** What the server stores with a log: its zone when saved and the engine's figures. */
type ServerWorkLogColumns =
  | 'timeZone'
  | 'payWorkedMinutes'
  | 'payMinutes'
  | 'payTenths'
  | 'payRateCents'
  | 'payCents'
  | 'payTaxMethod'
  | 'payTaxBasisPoints'
  | 'payBaseCents'
  | 'payPremiumCents'
  | 'payOvertimeCents'
  | 'payLines'
  | 'payVersion'
  // The mileage rate and unit when the distance was typed, and what the expenses pay back.
  | 'mileageRateAtTime'
  | 'distanceUnit'
  | 'expenseCents';

describe('the API contract and the tables', () => {
  it('an employer create or update body is exactly what the employers table takes', () => {
    // Which years' public holidays are stored is the server's own bookkeeping.
    type EmployerInsert = Omit<Insert<typeof employers>, 'holidayYears'>;
    expectTypeOf<keyof CreateEmployer>().toEqualTypeOf<keyof EmployerInsert>();
    expectTypeOf<CreateEmployer>().toExtend<EmployerInsert>();
    expectTypeOf<UpdateEmployer>().toExtend<Partial<EmployerInsert>>();
  });

  it('a work-log create or update body is what the work_logs table takes, less the mirror’s columns', () => {
    type WorkLogInsert = Omit<
      Insert<typeof workLogs>,
      | 'notionPageId'
      | 'notionSyncState'
      | 'notionSyncError'
      | 'notionVersion'
      | ServerWorkLogColumns
    >;
    expectTypeOf<keyof CreateWorkLog>().toEqualTypeOf<keyof WorkLogInsert>();
    expectTypeOf<CreateWorkLog>().toExtend<WorkLogInsert>();
    expectTypeOf<UpdateWorkLog>().toExtend<Partial<WorkLogInsert>>();
  });
});
