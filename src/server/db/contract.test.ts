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

describe('the API contract and the tables', () => {
  it('an employer create or update body is exactly what the employers table takes', () => {
    expectTypeOf<keyof CreateEmployer>().toEqualTypeOf<keyof Insert<typeof employers>>();
    expectTypeOf<CreateEmployer>().toExtend<Insert<typeof employers>>();
    expectTypeOf<UpdateEmployer>().toExtend<Partial<Insert<typeof employers>>>();
  });

  it('a work-log create or update body is what the work_logs table takes, less the mirror’s columns', () => {
    type WorkLogInsert = Omit<
      Insert<typeof workLogs>,
      'notionPageId' | 'notionSyncState' | 'notionSyncError' | 'notionVersion'
    >;
    expectTypeOf<keyof CreateWorkLog>().toEqualTypeOf<keyof WorkLogInsert>();
    expectTypeOf<CreateWorkLog>().toExtend<WorkLogInsert>();
    expectTypeOf<UpdateWorkLog>().toExtend<Partial<WorkLogInsert>>();
  });
});
