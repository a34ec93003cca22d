import type { LoadFigures } from './load.ts';
import type { Latency } from './load-cannon.ts';
import { mix } from './load-mix.ts';
import { PROBE_RESOLUTION_MS } from './load-probe.ts';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);
const pct = (share: number) => `${(share * 100).toFixed(0)}%`;

function table(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) {
    console.log(
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  '),
    );
  }
}

const latencyCells = (l: Latency) => [ms(l.p50), ms(l.p90), ms(l.p99), ms(l.max)];

export function printLoad(figures: LoadFigures, problems: string[]): void {
  const { run, server, client, options } = figures;
  const weights = new Map(mix.map((kind) => [kind.name, kind.weight]));
  console.log('');
  table([
    ['request', 'aimed', 'share', 'requests', 'non-2xx', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
    ...run.kinds.map((kind) => [
      kind.name,
      `${weights.get(kind.name)}%`,
      pct(kind.requests / Math.max(1, run.requests)),
      fmt(kind.requests),
      fmt(kind.non2xx),
      ...latencyCells(kind.latency),
    ]),
    ['all', '', '', fmt(run.requests), fmt(run.non2xx), ...latencyCells(run.latency)],
  ]);
  console.log(
    `\n${fmt(run.requests)} requests in ${run.seconds} s: ${fmt(run.rps)} req/s; ` +
      `errors ${run.errors}, non-2xx ${run.non2xx}, timeouts ${run.timeouts}`,
  );
  for (const refusal of run.refusals) console.log(`  refused: ${refusal}`);
  if (figures.warmup) {
    const w = figures.warmup;
    console.log(
      `warm-up ${w.seconds} s (not in the figures): ${fmt(w.requests)} requests, ` +
        `errors ${w.errors}, non-2xx ${w.non2xx}`,
    );
    for (const refusal of w.refusals) console.log(`  refused while warming up: ${refusal}`);
  }
  if (server) {
    const d = server.delay;
    console.log(
      `server event-loop delay (resolution ${PROBE_RESOLUTION_MS} ms, ${fmt(d.samples)} samples): ` +
        `p50 ${ms(d.p50)} ms, p90 ${ms(d.p90)} ms, p99 ${ms(d.p99)} ms, max ${ms(d.max)} ms; ` +
        `loop busy ${pct(server.utilization)}, process CPU ${pct(server.cpuShare)} of one core; ` +
        `GC ${server.gc.count} pauses, longest ${ms(server.gc.maxMs)} ms, ` +
        `${ms(server.gc.totalMs)} ms in all`,
    );
    const c = server.cpuPerTick;
    console.log(
      `server CPU time between ${PROBE_RESOLUTION_MS} ms timer ticks (${fmt(c.samples)} ticks): ` +
        `p50 ${ms(c.p50)} ms, p99 ${ms(c.p99)} ms, max ${ms(c.max)} ms ` +
        '(delay without CPU behind it is time spent waiting for a core)',
    );
  }
  console.log(
    `bench process (autocannon) event loop: p99 ${ms(client.delayP99)} ms, ` +
      `max ${ms(client.delayMax)} ms, busy ${pct(client.utilization)}`,
  );
  console.log(
    `seeded: ${figures.seeded.users} users, ${figures.seeded.employers} employers, ` +
      `${fmt(figures.seeded.workLogs)} work logs; ${options.connections} connections, ` +
      `pipelining 1; machine: ${figures.machine.cores} cores, load average ` +
      `${figures.machine.loadBefore.toFixed(1)} before, ${figures.machine.loadAfter.toFixed(1)} after`,
  );
  console.log(
    problems.length === 0
      ? 'TARGET MET: no errors, only 2xx, event-loop p99 under 50 ms'
      : `TARGET MISSED: ${problems.join('; ')}`,
  );
}
