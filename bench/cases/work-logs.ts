import { recomputePay } from '../../src/server/db/pay-results.ts';
import { employers, workLogs } from '../../src/server/db/schema/index.ts';
import { addDays } from '../../src/shared/domain/index.ts';
import type { BenchEnv } from '../env.ts';
import type { BenchCase } from '../lib.ts';

const LOGS = 5_000;
const FIRST_DAY = '2023-01-01';
export const MONTH = { from: '2026-10-01', to: '2026-10-31' };

let seeded: Promise<{ cookie: string }> | undefined;

/** 5,000 shifts for the run's user over about four years, across three employers. */
export function seedWorkLogs(env: BenchEnv) {
  seeded ??= (async () => {
    const user = await env.user();
    const { db } = env.database;
    const places = await db
      .insert(employers)
      .values(
        // ASCII only: autocannon decodes each chunk on its own, so a character split across two
        // chunks would count as a differing body.
        ['Harbour Cafe', 'Northside Studio', 'City Museum'].map((name, i) => ({
          userId: user.id,
          name,
          hourlyRate: ['18.50', '32.00', '24.75'][i]!,
          departments: ['Front', 'Back'],
        })),
      )
      .returning({ id: employers.id });
    const rows = Array.from({ length: LOGS }, (_, i) => ({
      userId: user.id,
      employerId: places[i % places.length]!.id,
      date: addDays(FIRST_DAY, Math.floor((i * 1400) / LOGS)),
      startTime: `${String(6 + (i % 10)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      endTime: `${String(14 + (i % 9)).padStart(2, '0')}:15`,
      breakDuration: (i % 4) * 15,
      hourlyRateAtTime: i % 5 === 0 ? '0' : '21.10',
      department: i % 3 === 0 ? 'Front' : null,
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      await db.insert(workLogs).values(rows.slice(i, i + 1000));
    }
    // As the app stores them on save: each log's figures from the pay engine.
    await recomputePay(db, user.id, { employerIds: places.map((place) => place.id) });
    return { cookie: user.cookie };
  })();
  return seeded;
}

export const workLogsAll: BenchCase = {
  name: 'work-logs-all',
  description: `GET /api/work-logs for a user with ${LOGS.toLocaleString('en-US')} logs`,
  aim: 0.3,
  async prepare(env) {
    const { cookie } = await seedWorkLogs(env);
    return { path: '/api/work-logs', headers: { cookie } };
  },
};

export const workLogsMonth: BenchCase = {
  name: 'work-logs-month',
  description: `GET /api/work-logs?from=${MONTH.from}&to=${MONTH.to} (one month of the same logs)`,
  aim: 0.3,
  /** Aim: the month answers in under 1/10 of the full list's time. */
  versus: { name: 'work-logs-all', aim: 10 },
  async prepare(env) {
    const { cookie } = await seedWorkLogs(env);
    return { path: `/api/work-logs?from=${MONTH.from}&to=${MONTH.to}`, headers: { cookie } };
  },
};

export const workLogsRevalidate: BenchCase = {
  name: 'work-logs-304',
  description: 'GET /api/work-logs again with its ETag in If-None-Match (answered 304)',
  aim: 0.5,
  /** Aim: asking again costs a small fraction of building the list. */
  versus: { name: 'work-logs-all', aim: 10 },
  async prepare(env) {
    const { cookie } = await seedWorkLogs(env);
    const res = await fetch(`${env.appUrl}/api/work-logs`, { headers: { cookie } });
    await res.arrayBuffer();
    const etag = res.headers.get('etag');
    if (!etag) throw new Error('GET /api/work-logs answered without an ETag');
    return { path: '/api/work-logs', headers: { cookie, 'if-none-match': etag } };
  },
};
