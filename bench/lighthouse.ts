// Lighthouse's mobile run (simulated slow 4G, 4x CPU) of the dashboard of a user with three
// employers and twelve shifts, against the landing page in the same run as the baseline, several
// times each: the performance score and its metrics, with this machine's speed (Lighthouse's
// benchmark index) beside each run, since the 4x slowdown multiplies every task the machine ran.
// `e2e/lighthouse.spec.ts` holds the pages to their targets with the slowdown off; this measures
// what a phone sees. Needs a build (`npm run build`) and Chromium. Prints figures; exits 0
// whatever they are.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { seedDashboardUser } from '../e2e/dashboard-user.ts';
import { clientDistDir } from '../src/server/paths.ts';
import { cleanupsOnInterrupt, postAs, startEnv } from './env.ts';
import { median } from './timing.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));

type Run = { score: number; fcp: number; lcp: number; tbt: number; benchmarkIndex: number };

/** One measured run, asking again (up to three times) when Lighthouse could not record the load. */
async function measure(port: number, url: string, headers: Record<string, string>) {
  const runs: Run[] = [];
  for (let attempt = 0; runs.length < 1 && attempt < 3; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: headers,
    });
    if (!result || result.lhr.runtimeError) continue;
    const { audits, categories, environment } = result.lhr;
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    runs.push({
      score: Math.round((categories.performance?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      benchmarkIndex: environment.benchmarkIndex,
    });
  }
  return runs;
}

function report(label: string, runs: Run[]) {
  const of = (key: keyof Run) => runs.map((run) => run[key]);
  console.log(
    `${label.padEnd(10)} performance ${of('score').join(', ')} (median ${median(of('score'))}, ` +
      `best ${Math.max(...of('score'))}); median FCP ${(median(of('fcp')) / 1000).toFixed(1)} s, ` +
      `LCP ${(median(of('lcp')) / 1000).toFixed(1)} s, TBT ${Math.round(median(of('tbt')))} ms; ` +
      `benchmark index ${of('benchmarkIndex').map(Math.round).join(', ')}`,
  );
  return { lcp: median(of('lcp')), tbt: median(of('tbt')) };
}

async function main(): Promise<void> {
  if (!CHROMIUM) throw new Error('No Chromium: install it or set CHROMIUM_PATH');
  if (!existsSync(join(clientDistDir, 'prerendered', 'shells.json'))) {
    throw new Error('No client build: run `npm run build` first');
  }
  const cleanups = cleanupsOnInterrupt();
  try {
    const env = await startEnv(cleanups);
    const user = await env.user();
    await seedDashboardUser(postAs(env, user));

    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    cleanups.push(() => chrome.kill());
    const session = user.cookie.split(';')[0]!;
    // Taking turns, so a busy moment of the machine falls on both pages alike.
    const landing: Run[] = [];
    const dashboard: Run[] = [];
    for (let round = 0; round < RUNS; round++) {
      landing.push(...(await measure(chrome.port, `${env.appUrl}/`, {})));
      dashboard.push(...(await measure(chrome.port, `${env.appUrl}/`, { Cookie: session })));
    }
    const base = report('landing', landing);
    const dash = report('dashboard', dashboard);
    console.log(
      `dashboard/landing: LCP ${(dash.lcp / base.lcp).toFixed(2)}, ` +
        `TBT ${base.tbt > 0 ? (dash.tbt / base.tbt).toFixed(2) : `${Math.round(dash.tbt)} ms against 0`}`,
    );
  } finally {
    await cleanups.run();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
