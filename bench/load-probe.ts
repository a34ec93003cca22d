// Preloaded into bench/server.ts through NODE_OPTIONS (startProbedEnv in bench/load.ts), as
// bench/env.ts gives no other way in; serves GET /start and /stop on a loopback port of its own.
// `--cpu-prof` is refused in NODE_OPTIONS (and would cover start-up): BENCH_LOAD_PROBE_PROFILE.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector';
import type { AddressInfo } from 'node:net';
import {
  createHistogram,
  monitorEventLoopDelay,
  PerformanceObserver,
  performance,
} from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

/** Sampling interval of the delay histogram, in milliseconds. */
export const PROBE_RESOLUTION_MS = 5;

export interface ServerLoopFigures {
  /** Event-loop delay in milliseconds, beyond the sampling interval. */
  delay: { p50: number; p90: number; p99: number; max: number; mean: number; samples: number };
  /** Share of the time the loop was busy (0 to 1). */
  utilization: number;
  gc: { count: number; totalMs: number; maxMs: number };
  /** CPU time of the whole server process (every thread) over the wall time. */
  cpuShare: number;
  /** CPU ms between ticks: a loop blocked by its own work shows CPU as much as delay, a starved one not. */
  cpuPerTick: { p50: number; p99: number; max: number; samples: number };
}

function cpuTicker() {
  const histogram = createHistogram();
  let timer: NodeJS.Timeout | undefined;
  return {
    histogram,
    start() {
      histogram.reset();
      let last = process.cpuUsage();
      timer = setInterval(() => {
        const now = process.cpuUsage();
        histogram.record(Math.max(1, now.user - last.user + now.system - last.system));
        last = now;
      }, PROBE_RESOLUTION_MS);
    },
    stop: () => clearInterval(timer),
  };
}

/** A CPU profile of the main thread, written as a .cpuprofile file (Chrome DevTools). */
function profiler(output: string | undefined) {
  if (!output) return { start: async () => undefined, stop: async () => undefined };
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  return {
    async start() {
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 500 });
      await post('Profiler.start');
    },
    async stop() {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      writeFileSync(output, JSON.stringify(profile));
    },
  };
}

/** What bench/server.ts would call itself if it answered start/stop messages. */
export function watchLoop(profileFile?: string) {
  const profile = profiler(profileFile);
  const histogram = monitorEventLoopDelay({ resolution: PROBE_RESOLUTION_MS });
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc = {
        count: gc.count + 1,
        totalMs: gc.totalMs + entry.duration,
        maxMs: Math.max(gc.maxMs, entry.duration),
      };
    }
  });
  const ticker = cpuTicker();
  let since = { elu: performance.eventLoopUtilization(), cpu: process.cpuUsage(), at: 0 };

  const ms = (ns: number) => ns / 1e6;
  const figures = (): ServerLoopFigures => {
    const cpu = process.cpuUsage(since.cpu);
    return {
      delay: {
        p50: ms(histogram.percentile(50)),
        p90: ms(histogram.percentile(90)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        mean: ms(histogram.mean),
        samples: histogram.count,
      },
      utilization: performance.eventLoopUtilization(since.elu).utilization,
      gc,
      cpuShare: (cpu.user + cpu.system) / 1000 / (performance.now() - since.at),
      cpuPerTick: {
        p50: ticker.histogram.percentile(50) / 1000,
        p99: ticker.histogram.percentile(99) / 1000,
        max: ticker.histogram.max / 1000,
        samples: ticker.histogram.count,
      },
    };
  };

  return {
    async start(): Promise<void> {
      await profile.start();
      histogram.reset();
      histogram.enable();
      ticker.start();
      gc = { count: 0, totalMs: 0, maxMs: 0 };
      observer.observe({ entryTypes: ['gc'] });
      since = { elu: performance.eventLoopUtilization(), cpu: process.cpuUsage(), at: 0 };
      since.at = performance.now();
    },
    async stop(): Promise<ServerLoopFigures> {
      histogram.disable();
      ticker.stop();
      observer.disconnect();
      const answer = figures();
      await profile.stop();
      return answer;
    },
  };
}

function serveWatch(file: string): void {
  const watch = watchLoop(process.env.BENCH_LOAD_PROBE_PROFILE);
  const control = createServer(async (request, response) => {
    if (request.url === '/start') {
      await watch.start();
      response.end('{}');
    } else if (request.url === '/stop') {
      const answer = await watch.stop();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer));
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  control.listen(0, '127.0.0.1', () => {
    writeFileSync(file, String((control.address() as AddressInfo).port));
  });
  // Never what keeps the server alive: it exits when bench/server.ts closes.
  control.unref();
}

const file = process.env.BENCH_LOAD_PROBE_FILE;
// The module loader's hook threads get the same preload: only the server's own thread counts.
if (file && isMainThread && process.send) serveWatch(file);
