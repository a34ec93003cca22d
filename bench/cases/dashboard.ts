import { sql } from 'drizzle-orm';
import { backfillPayResults } from '../../src/server/db/pay-results.ts';
import type { BenchEnv } from '../env.ts';
import type { BenchCase } from '../lib.ts';
import { seedWorkLogs } from './work-logs.ts';

const CROWD_USERS = 199;
const LOGS_EACH = 5_025;
const path = '/api/dashboard/stats?period=year';

/** 199 more users, about 1,000,000 logs in all, made by generate_series and analysed for the planner. */
async function seedCrowd(env: BenchEnv) {
  const { db } = env.database;
  const started = Date.now();
  await db.execute(sql`
    insert into users (email, password_hash, account_id)
    select 'crowd' || g || '@example.com', 'not a hash', 'HB-CROWD-' || g
      from generate_series(1, ${CROWD_USERS}) g`);
  await db.execute(sql`
    insert into employers (user_id, name, hourly_rate)
    select id, 'Crowd employer', 21.50 from users where email like 'crowd%@example.com'`);
  await db.execute(sql`
    insert into work_logs (user_id, employer_id, date, start_time, end_time, break_duration)
    select e.user_id, e.id, date '2023-01-01' + (g % 1400), time '08:00' + (g % 7) * interval '1 hour',
           time '16:30', (g % 4) * 15
      from employers e cross join generate_series(1, ${LOGS_EACH}) g
     where e.name = 'Crowd employer'`);
  const figured = await backfillPayResults(db);
  await db.execute(sql`analyze`);
  const count = await db.execute<{ n: number }>(sql`select count(*)::int as n from work_logs`);
  console.log(
    `  seeded ${CROWD_USERS} more users; ${count.rows[0]?.n.toLocaleString('en-US')} logs in all, ` +
      `${figured.toLocaleString('en-US')} given their pay figures ` +
      `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

export const dashboardYearAlone: BenchCase = {
  name: 'dashboard-year-alone',
  description: `GET ${path} for the user with 5,000 logs, alone in the database`,
  aim: 0.3,
  async prepare(env) {
    const { cookie } = await seedWorkLogs(env);
    return { path, headers: { cookie } };
  },
};

export const dashboardYearCrowded: BenchCase = {
  name: 'dashboard-year-crowded',
  description: `the same call among 200 users and about 1,000,000 logs`,
  aim: 0.3,
  /** Aim: the crowd costs at most half the speed (within 2×) of the user alone. */
  versus: { name: 'dashboard-year-alone', aim: 0.5 },
  async prepare(env) {
    const { cookie } = await seedWorkLogs(env);
    await seedCrowd(env);
    return { path, headers: { cookie } };
  },
};
