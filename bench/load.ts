/**
 * Target: no error, only 2xx, event-loop delay p99 under 50 ms.
 *   node --import tsx bench/load.ts [--duration 60] [--connections 50] [--users 200]
 *                                  [--warmup 3] [--server-profile file.cpuprofile]
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type BenchEnv, type Cleanups, cleanupsOnInterrupt, startEnv } from './env.ts';
import { type CannonRun, runCannon } from './load-cannon.ts';
import type { ServerLoopFigures } from './load-probe.ts';
import { printProfile, summarizeProfile } from './load-profile.ts';
import { printLoad } from './load-report.ts';
import { type LoadUser, seedLoadUsers } from './load-seed.ts';

export interface LoadOptions {
  connections: number;
  durationSec: number;
  users: number;
  /** Seconds of the same mix before measuring (JIT, caches); its failures still count. */
  warmupSec?: number;
}

export interface ServerProbe {
  start(): Promise<void>;
  stop(): Promise<ServerLoopFigures>;
}

export interface LoadFigures {
  options: Required<LoadOptions>;
  seeded: { users: number; employers: number; workLogs: number; seconds: number };
  warmup: CannonRun | undefined;
  run: CannonRun;
  /** The bench process's own loop (autocannon's): when it is saturated, latencies read high. */
  client: { delayP99: number; delayMax: number; utilization: number };
  server: ServerLoopFigures | undefined;
  /** Other work on the machine skews every figure: the 1-minute load average around the run. */
  machine: { cores: number; loadBefore: number; loadAfter: number };
}

export const TARGET_LOOP_P99_MS = 50;

export function loadProblems(figures: LoadFigures): string[] {
  const { run, warmup, server } = figures;
  return [
    run.errors > 0 && `${run.errors} errors (${run.timeouts} timeouts)`,
    run.non2xx > 0 && `${run.non2xx} non-2xx answers`,
    warmup && warmup.errors + warmup.non2xx > 0 && 'errors or non-2xx answers while warming up',
    !server && 'the server event loop was not measured',
    server &&
      server.delay.p99 >= TARGET_LOOP_P99_MS &&
      `server event-loop delay p99 ${server.delay.p99.toFixed(1)} ms (target < ${TARGET_LOOP_P99_MS} ms)`,
  ].filter((problem): problem is string => typeof problem === 'string');
}

function seededCounts(users: LoadUser[], seconds: number) {
  return {
    users: users.length,
    employers: users.reduce((n, u) => n + u.employers.length, 0),
    workLogs: users.reduce((n, u) => n + u.logIds.length, 0),
    seconds,
  };
}

export async function runLoad(
  env: BenchEnv,
  options: LoadOptions,
  probe?: ServerProbe,
): Promise<LoadFigures> {
  const settings = { ...options, warmupSec: options.warmupSec ?? 3 };
  const seedStart = performance.now();
  const users = await seedLoadUsers(env, settings.users);
  const seeded = seededCounts(users, (performance.now() - seedStart) / 1000);
  console.log(
    `seeded ${seeded.users} users, ${seeded.employers} employers, ` +
      `${seeded.workLogs.toLocaleString('en-US')} work logs in ${seeded.seconds.toFixed(1)} s`,
  );
  const cannon = { url: env.appUrl, users, connections: settings.connections };
  const warmup =
    settings.warmupSec > 0
      ? await runCannon({ ...cannon, seconds: settings.warmupSec })
      : undefined;

  const clientLoop = monitorEventLoopDelay({ resolution: 5 });
  const clientElu = performance.eventLoopUtilization();
  const loadBefore = loadavg()[0]!;
  await probe?.start();
  clientLoop.enable();
  console.log(
    `measuring ${settings.durationSec} s, ${settings.connections} connections, ` +
      `${settings.users} users`,
  );
  let run: CannonRun;
  let server: ServerLoopFigures | undefined;
  try {
    run = await runCannon({ ...cannon, seconds: settings.durationSec });
  } finally {
    clientLoop.disable();
    server = await probe?.stop();
  }
  return {
    options: settings,
    seeded,
    warmup,
    run,
    client: {
      delayP99: clientLoop.percentile(99) / 1e6,
      delayMax: clientLoop.max / 1e6,
      utilization: performance.eventLoopUtilization(clientElu).utilization,
    },
    server,
    machine: { cores: availableParallelism(), loadBefore, loadAfter: loadavg()[0]! },
  };
}

async function probeAt(file: string): Promise<ServerProbe> {
  for (let waited = 0; !existsSync(file) || readFileSync(file, 'utf8') === ''; waited += 50) {
    if (waited > 10_000) throw new Error('the server event-loop probe did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const base = `http://127.0.0.1:${readFileSync(file, 'utf8')}`;
  const call = async (path: string) => {
    const res = await fetch(base + path);
    if (!res.ok) throw new Error(`event-loop probe ${path}: ${res.status}`);
    return res.json();
  };
  return {
    start: async () => void (await call('/start')),
    stop: () => call('/stop') as Promise<ServerLoopFigures>,
  };
}

/** The child inherits NODE_OPTIONS at fork time, so it is set for that moment only. */
export async function startProbedEnv(
  cleanups: Cleanups,
  profileFile?: string,
): Promise<{ env: BenchEnv; probe: ServerProbe }> {
  const folder = mkdtempSync(join(tmpdir(), 'hourbook-load-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'probe-port');
  const require = createRequire(import.meta.url);
  const preload = fileURLToPath(new URL('./load-probe.ts', import.meta.url));
  const saved = { ...process.env };
  process.env.NODE_OPTIONS =
    `${saved.NODE_OPTIONS ?? ''} --require ${require.resolve('tsx/cjs')} --require ${preload}`.trim();
  process.env.BENCH_LOAD_PROBE_FILE = file;
  if (profileFile) process.env.BENCH_LOAD_PROBE_PROFILE = profileFile;
  let env: BenchEnv;
  try {
    env = await startEnv(cleanups);
  } finally {
    for (const name of ['NODE_OPTIONS', 'BENCH_LOAD_PROBE_FILE', 'BENCH_LOAD_PROBE_PROFILE']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  }
  return { env, probe: await probeAt(file) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '60' },
      connections: { type: 'string', default: '50' },
      users: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '3' },
      'server-profile': { type: 'string' },
    },
  });
  const number = (name: keyof typeof values) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
    return value;
  };
  const cleanups = cleanupsOnInterrupt();
  try {
    const profile = values['server-profile'];
    const { env, probe } = await startProbedEnv(cleanups, profile && resolve(profile));
    console.log(`database: ${env.databaseMode}; server: bench/server.ts (child process)`);
    const figures = await runLoad(
      env,
      {
        durationSec: number('duration'),
        connections: number('connections'),
        users: number('users'),
        warmupSec: number('warmup'),
      },
      probe,
    );
    const problems = loadProblems(figures);
    printLoad(figures, problems);
    if (profile) {
      printProfile(summarizeProfile(resolve(profile)));
      console.log(`server CPU profile of the measured window: ${profile}`);
    }
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    await cleanups.run();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error('\nload bench failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
