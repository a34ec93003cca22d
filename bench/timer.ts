// The timer's start and stop through the real app and database, against the cheapest signed-in
// call (GET /api/auth/me) and the work-log dialog's own save (POST /api/work-logs), measured in
// alternating rounds of one run so machine noise hits all alike. A stop saves its shift through
// the dialog's save, so stop/save near 1 is the aim. Prints figures; exits 0 whatever they are.
import { sql } from 'drizzle-orm';
import { cleanupsOnInterrupt, startEnv } from './env.ts';
import { median } from './timing.ts';

const ROUNDS = 5;
const PER_ROUND = 40;
const DAY = 86_400_000;
// Each timer's shift on a day of its own (no overlaps): 09:00–17:00 in New York from 2024.
const FIRST_START = Date.parse('2024-01-01T14:00:00Z');

async function main(): Promise<void> {
  const cleanups = cleanupsOnInterrupt();
  try {
    const env = await startEnv(cleanups);
    const user = await env.user();
    const headers = {
      cookie: user.cookie,
      'content-type': 'application/json',
      origin: env.appUrl,
      'sec-fetch-site': 'same-origin',
    };
    const call = async (method: string, path: string, body?: object) => {
      const res = await fetch(`${env.appUrl}${path}`, {
        method,
        headers: method === 'GET' ? { cookie: user.cookie } : headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return text;
    };
    const employer = JSON.parse(
      await call('POST', '/api/employers', { name: 'Harbour Cafe', hourlyRate: '21.50' }),
    ) as { id: number };

    let day = 0;
    const timed = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    const samples = {
      me: [] as number[],
      start: [] as number[],
      stop: [] as number[],
      save: [] as number[],
    };
    for (let round = 0; round < ROUNDS + 1; round++) {
      const kept = round > 0; // the first round warms up
      for (let i = 0; i < PER_ROUND; i++) {
        const me = await timed(() => call('GET', '/api/auth/me'));
        const start = await timed(() =>
          call('POST', '/api/timer/start', { employerId: employer.id }),
        );
        // Moved back to a day of its own, so its stop saves a real 8-hour shift.
        const startedAt = new Date(FIRST_START + day++ * DAY);
        await env.database.db.execute(
          sql`update timers set started_at = ${startedAt.toISOString()} where user_id = ${user.id}`,
        );
        const endedAt = new Date(startedAt.getTime() + 8 * 3_600_000).toISOString();
        const stop = await timed(() => call('POST', '/api/timer/stop', { endedAt }));
        const date = new Date(FIRST_START + day++ * DAY).toISOString().slice(0, 10);
        const save = await timed(() =>
          call('POST', '/api/work-logs', {
            employerId: employer.id,
            date,
            startTime: '09:00',
            endTime: '17:00',
          }),
        );
        if (kept) {
          samples.me.push(me);
          samples.start.push(start);
          samples.stop.push(stop);
          samples.save.push(save);
        }
      }
    }
    const ms = Object.fromEntries(
      Object.entries(samples).map(([name, values]) => [
        name,
        median([...values].sort((a, b) => a - b)),
      ]),
    ) as Record<keyof typeof samples, number>;
    const row = (name: string, value: number, ratio: string) =>
      console.log(`  ${name.padEnd(30)} ${value.toFixed(2).padStart(8)} ms   ${ratio}`);
    console.log(`\nmedian of ${ROUNDS * PER_ROUND} calls each (one connection, in turn):`);
    row('GET /api/auth/me (baseline)', ms.me, '');
    row('POST /api/timer/start', ms.start, `start/me ${(ms.start / ms.me).toFixed(2)}`);
    row('POST /api/timer/stop', ms.stop, `stop/me ${(ms.stop / ms.me).toFixed(2)}`);
    row('POST /api/work-logs', ms.save, `stop/save ${(ms.stop / ms.save).toFixed(2)} (aim ≤ 1.5)`);
  } finally {
    await cleanups.run();
  }
}

main().catch((error: unknown) => {
  console.error('\nbench failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
