import type { Db } from '../db/open.ts';
import { listOpenJobs, retryDeadJob } from './jobs.repository.ts';

interface Out {
  log(line: string): void;
  error(line: string): void;
}

type Row = Awaited<ReturnType<typeof listOpenJobs>>[number];

const state = (row: Row) =>
  row.status === 'failed'
    ? 'dead'
    : row.status === 'running'
      ? 'running'
      : row.due
        ? 'due'
        : 'waiting';

const time = (date: Date) => date.toISOString().replace(/\.\d+Z$/, 'Z');

export function formatJobs(rows: Row[]): string {
  if (rows.length === 0) return 'No dead, due or running jobs.';
  const table = [
    ['ID', 'TYPE', 'STATE', 'ATTEMPTS', 'RUN AT', 'LAST ERROR'],
    ...rows.map((row) => [
      String(row.id),
      row.type,
      state(row),
      `${row.attempts}/${row.maxAttempts}`,
      time(row.runAt),
      row.lastError ?? '',
    ]),
  ];
  const widths = table[0]?.map((_, column) =>
    Math.max(...table.map((r) => r[column]?.length ?? 0)),
  );
  return table
    .map((cells) =>
      cells
        .map((cell, column) => cell.padEnd(widths?.[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export async function listJobsCommand(db: Db, out: Out): Promise<number> {
  const rows = await listOpenJobs(db);
  out.log(formatJobs(rows));
  if (rows.some((row) => row.status === 'failed'))
    out.log('\nRun a dead job again with: npm run admin -- jobs retry ID');
  return 0;
}

export async function retryJobCommand(db: Db, id: number, out: Out): Promise<number> {
  const result = await retryDeadJob(db, id);
  if (result === 'requeued') {
    out.log(`Job ${id} is queued to run again`);
    return 0;
  }
  out.error(
    result === 'missing'
      ? `No job with the id ${id}`
      : result === 'not_dead'
        ? `Job ${id} is not dead: only dead jobs can be retried`
        : `Job ${id} was not requeued: a newer job with the same dedupe key is queued or running`,
  );
  return 1;
}
