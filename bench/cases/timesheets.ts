// Timesheet documents, 1 year against 10, PDF and CSV: ms per row, peak RSS and the longest
// event-loop stall, on an app built in this process so the loop watched is the one serving.
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app.ts';
import { connect } from '../../src/server/db/open.ts';
import { employers, workLogs } from '../../src/server/db/schema/index.ts';
import { buildReportModel } from '../../src/server/features/timesheets/report-model.ts';
import { renderPdf } from '../../src/server/features/timesheets/report-pdf.ts';
import { EXACT_MINUTES, reportRow } from '../../src/server/test/report-rows.ts';
import { addDays } from '../../src/shared/domain/index.ts';
import type { BenchEnv, BenchUser } from '../env.ts';
import type { BenchCase } from '../lib.ts';

const FIRST_DAY = '2020-01-01';
const DAYS = 3650;
const ranges = {
  '1 year': { startDate: FIRST_DAY, endDate: addDays(FIRST_DAY, 364), rows: 365 },
  '10 years': { startDate: FIRST_DAY, endDate: addDays(FIRST_DAY, DAYS - 1), rows: DAYS },
};
const RUNS = 3;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** One shift a day for ten years, for an employer of its own (ASCII name: see work-logs.ts). */
async function seed(env: BenchEnv, user: BenchUser): Promise<number> {
  const { db } = env.database;
  const [clinic] = await db
    .insert(employers)
    .values({
      userId: user.id,
      name: 'Riverside Clinic',
      hourlyRate: '31.25',
      taxRate: '15',
      departments: ['Ward A', 'Ward B'],
    })
    .returning({ id: employers.id });
  const rows = Array.from({ length: DAYS }, (_, i) => ({
    userId: user.id,
    employerId: clinic!.id,
    date: addDays(FIRST_DAY, i),
    startTime: i % 7 === 0 ? '22:00' : '08:30',
    endTime: i % 7 === 0 ? '06:15' : '17:05',
    breakDuration: (i % 3) * 15,
    hourlyRateAtTime: '31.25',
    department: i % 4 === 0 ? null : i % 2 ? 'Ward A' : 'Ward B',
    note: i % 10 === 0 ? 'Covered the late handover' : null,
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(workLogs).values(rows.slice(i, i + 1000));
  return clinic!.id;
}

async function measured(work: () => Promise<unknown>) {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return { ms: performance.now() - started, peak: Math.max(peak, process.memoryUsage().rss) };
}

/** The longest event-loop delay (ms) while `work` runs beside a stream of other requests. */
async function stallDuring(url: string, cookie: string, work: () => Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let running = true;
  let served = 0;
  let slowest = 0;
  const client = async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${url}/api/timesheets/upcoming`, { headers: { cookie } });
      await res.arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
      served++;
    }
  };
  // Garbage collection pauses this thread too: its longest pause tells a stall's cause apart.
  let longestGc = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestGc = Math.max(longestGc, entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  const clients = Array.from({ length: 4 }, client);
  histogram.enable();
  try {
    // The histogram counts a delay from its second tick on: let it tick before the work starts.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await work();
    // A stall is recorded when the delayed timer finally fires: give it the chance.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    histogram.disable();
    gc.disconnect();
    running = false;
    await Promise.all(clients);
  }
  return {
    stallMs: histogram.max / 1e6,
    p99Ms: histogram.percentile(99) / 1e6,
    gcMs: longestGc,
    served,
    slowestMs: slowest,
  };
}

async function measureDocuments(env: BenchEnv, user: BenchUser, employerId: number) {
  const database = connect(env.databaseUrl, 'external');
  const app = await buildApp({ database, secret: randomBytes(32), version: 'bench' });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const generate = async (format: 'pdf' | 'csv', range: (typeof ranges)[keyof typeof ranges]) => {
    const res = await fetch(`${url}/api/timesheets/generate`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        employerId,
        startDate: range.startDate,
        endDate: range.endDate,
        format,
        includeNotes: true,
      }),
    });
    if (res.status !== 201) throw new Error(`generate answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  try {
    await generate('pdf', ranges['1 year']); // starts the render worker
    for (const format of ['csv', 'pdf'] as const) {
      for (const [label, range] of Object.entries(ranges)) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await measured(() => generate(format, range)));
        const ms = median(runs.map((r) => r.ms));
        console.log(
          `  ${format} ${label.padEnd(8)} ${ms.toFixed(0).padStart(6)} ms  ` +
            `${((ms / range.rows) * 1000).toFixed(0).padStart(5)} µs/row  ` +
            `peak RSS ${mb(Math.max(...runs.map((r) => r.peak)))}`,
        );
      }
    }
    const idle = await stallDuring(url, user.cookie, () => new Promise((r) => setTimeout(r, 1500)));
    const busy = [];
    for (let i = 0; i < RUNS; i++) {
      busy.push(await stallDuring(url, user.cookie, () => generate('pdf', ranges['10 years'])));
    }
    const model = buildReportModel({
      user: { name: 'Bench', email: user.email },
      employer: {
        name: 'Riverside Clinic',
        contactEmail: null,
        phone: null,
        address: null,
        brandColor: 'blue',
      },
      ...ranges['10 years'],
      dueDate: '2030-01-01',
      generatedOn: '2026-01-01',
      timeZone: 'UTC',
      timeFormat: '12-hour',
      currency: 'USD',
      rules: EXACT_MINUTES,
      taxCalculation: 'add',
      taxBasisPoints: 1500,
      includeNotes: true,
      includeSummary: true,
      rows: Array.from({ length: DAYS }, (_, i) =>
        reportRow({
          date: addDays(FIRST_DAY, i),
          startTime: '08:30',
          endTime: '17:05',
          breakMinutes: 15,
          department: 'Ward A',
          rateCents: 3125,
        }),
      ),
    });
    const inline = await stallDuring(url, user.cookie, () => renderPdf(model));
    const stalls = [
      ['other requests alone', idle],
      ...busy.map((run, i) => [`10-year PDF in the worker, run ${i + 1}`, run] as const),
      ['the same PDF on the main thread (not how it runs)', inline],
    ] as const;
    for (const [label, run] of stalls) {
      console.log(
        `  event loop, ${label}: longest stall ${run.stallMs.toFixed(1)} ms, ` +
          `p99 ${run.p99Ms.toFixed(1)} ms, longest GC ${run.gcMs.toFixed(1)} ms ` +
          `(${run.served} other requests, slowest ${run.slowestMs.toFixed(0)} ms)`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

export const timesheetsHistory: BenchCase = {
  name: 'timesheets',
  description: 'timesheet documents (1 and 10 years, PDF and CSV), then GET /api/timesheets',
  aim: 0.3,
  async prepare(env) {
    const user = await env.user();
    const employerId = await seed(env, user);
    await measureDocuments(env, user, employerId);
    return { path: '/api/timesheets?pageSize=20', headers: { cookie: user.cookie } };
  },
};
