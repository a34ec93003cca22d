// The week grid in real Chromium on a CPU slowed 4×: what each keystroke costs the page while a
// week of 7 × 10 cells is typed, against the same keystrokes in a bare page of 70 plain inputs
// (the baseline, same browser, same run), from the browser's own Event Timing entries. Then the
// keyboard-only week of decision 049: three employers, five days each, typed and saved, with the
// keystrokes it takes and how long the app took. Needs a build (`npm run build`) and Chromium.
// Prints figures; exits 0 whatever they are.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright';
import { clientDistDir } from '../src/server/paths.ts';
import { cleanupsOnInterrupt, postAs, startEnv } from './env.ts';
import { median } from './timing.ts';

const THROTTLE = 4;
const ROWS = 10;
const DAYS = 7;
const CELL = '9-17 b30';
/** The week of the bench: Sunday 1 March 2026. */
const WEEK = '2026-03-01';

const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));

type Timing = { name: string; start: number; duration: number; processing: number };
/** The page's events, and which key each keystroke's start time belongs to. */
type Observed = { events: Timing[]; keys: Map<number, string> };

/** Starts collecting the page's keyboard and input events that took the main thread. */
async function observeEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { name: string; start: number; duration: number; processing: number }[] = [];
    (window as unknown as { __events: typeof seen }).__events = seen;
    // The key of each keystroke, by its start time (an Event Timing entry's startTime is its
    // event's timeStamp), so that characters and Tab are told apart.
    const keys: [number, string][] = [];
    (window as unknown as { __keys: typeof keys }).__keys = keys;
    window.addEventListener('keydown', (event) => keys.push([event.timeStamp, event.key]), true);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (!['keydown', 'keypress', 'keyup', 'input', 'beforeinput'].includes(entry.name))
          continue;
        seen.push({
          name: entry.name,
          start: entry.startTime,
          duration: entry.duration,
          processing: entry.processingEnd - entry.processingStart,
        });
      }
      // 16 ms is the lowest threshold the browser allows: shorter events are not reported at all.
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
}

async function collected(page: Page): Promise<Observed> {
  // Event Timing entries arrive after the next frame: give them one.
  await page.waitForTimeout(500);
  const [events, keys] = await page.evaluate(() => {
    const seen = window as unknown as { __events: Timing[]; __keys: [number, string][] };
    return [seen.__events, seen.__keys] as const;
  });
  return { events, keys: new Map(keys) };
}

/** Types CELL into every cell, Tab between them, timing the whole from the first key. */
async function typeEveryCell(page: Page, first: string): Promise<number> {
  await page.locator(first).focus();
  const started = performance.now();
  for (let cell = 0; cell < ROWS * DAYS; cell++) {
    await page.keyboard.type(CELL);
    await page.keyboard.press('Tab');
  }
  return performance.now() - started;
}

const keystrokes = ROWS * DAYS * (CELL.length + 1);

const spread = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  return (
    `median ${median(sorted).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
    `max ${(sorted.at(-1) ?? 0).toFixed(1)} ms, over 16 ms: ${sorted.filter((t) => t > 16).length}`
  );
};

function report(label: string, { events, keys }: Observed, ms: number) {
  // Of the events the browser reports (over 16 ms from input to the next frame), the time the
  // page's own handlers ran. A typed character's input event (with the render it causes) runs
  // inside its keypress, with the browser's own editing: a keystroke's whole work is its
  // keydown's processing plus its keypress's (events of one key share their start time). A Tab's
  // is its keydown's, which holds the browser's move of the focus.
  const handlers = events
    .filter((e) => e.name === 'keydown' || e.name === 'input')
    .map((e) => e.processing);
  const byKey = new Map<number, number>();
  for (const e of events) {
    if (e.name !== 'keydown' && e.name !== 'keypress') continue;
    byKey.set(e.start, (byKey.get(e.start) ?? 0) + e.processing);
  }
  const whole = (tab: boolean) =>
    [...byKey].filter(([start]) => (keys.get(start) === 'Tab') === tab).map(([, t]) => t);
  console.log(`${label}: ${keystrokes} keystrokes in ${(ms / 1000).toFixed(1)} s`);
  console.log(`  keydown/input handlers: ${spread(handlers)}`);
  console.log(`  whole keystrokes (keydown + keypress): ${spread([...byKey.values()])}`);
  console.log(`    of which characters: ${spread(whole(false))}`);
  console.log(`    of which Tab: ${spread(whole(true))}`);
  return { ms };
}

async function main(): Promise<void> {
  if (!CHROMIUM) throw new Error('No Chromium: install it or set CHROMIUM_PATH');
  if (!existsSync(join(clientDistDir, 'index.html'))) {
    throw new Error('No client build: run `npm run build` first');
  }
  const cleanups = cleanupsOnInterrupt();
  try {
    const env = await startEnv(cleanups);
    const user = await env.user();
    const post = postAs(env, user);
    for (let i = 1; i <= ROWS; i++) {
      await post('/api/employers', {
        name: `Site ${String(i).padStart(2, '0')}`,
        hourlyRate: '20',
      });
    }

    const browser = await chromium.launch({ executablePath: CHROMIUM });
    cleanups.push(() => browser.close());
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = user.cookie.split(';')[0]!.split('=');
    await context.addCookies([{ name: name!, value: value!, url: env.appUrl }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });

    // The baseline: 70 plain inputs, nothing behind them.
    await page.goto(`${env.appUrl}/api/health`);
    await page.setContent(
      `<table>${Array.from(
        { length: ROWS },
        (_, r) =>
          `<tr>${Array.from({ length: DAYS }, (_, d) => `<td><input id="c${r}-${d}"></td>`).join('')}</tr>`,
      ).join('')}</table>`,
    );
    await observeEvents(page);
    const bareMs = await typeEveryCell(page, '#c0-0');
    const bare = report('bare inputs (baseline)', await collected(page), bareMs);

    await page.goto(`${env.appUrl}/work-logs/week?week=${WEEK}`);
    await page.locator('[data-cell="0:0"]').waitFor();
    await observeEvents(page);
    const gridMs = await typeEveryCell(page, '[data-cell="0:0"]');
    const grid = report('week grid, 7 × 10 cells', await collected(page), gridMs);
    console.log(
      `typing time grid/bare: ${(grid.ms / bare.ms).toFixed(2)} (CPU slowed ${THROTTLE}×)`,
    );

    // Three employers, Monday to Friday, typed and saved from the keyboard alone.
    await page.goto(`${env.appUrl}/work-logs/week?week=2026-03-08`);
    await page.locator('[data-cell="0:1"]').waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const week = ['9-17 b30', '9-17 b30', '9:15-17:45', '9-13', '9-17 b30'];
    let keys = 0;
    const started = performance.now();
    const focusedCell = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-cell') ?? null);
    await page.locator('[data-cell="0:1"]').focus();
    for (let row = 0; row < 3; row++) {
      for (const text of week) {
        await page.keyboard.type(text);
        await page.keyboard.press('Tab');
        keys += text.length + 1;
      }
      if (row === 2) break;
      // From Saturday to the next row's Monday: Tab, Tab.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      keys += 2;
      const at = await focusedCell();
      if (at !== `${row + 1}:1`) throw new Error(`Tab led to cell ${at}, not ${row + 1}:1`);
    }
    await page.keyboard.press('Control+Enter');
    keys += 1;
    await page.getByTestId('week-grid-status').filter({ hasText: 'Saved' }).waitFor();
    const appMs = performance.now() - started;
    console.log(
      `a week of 15 shifts for 3 employers: ${keys} keystrokes, typed and saved by the bench in ` +
        `${(appMs / 1000).toFixed(1)} s; at 5 keystrokes a second (a 60-words-a-minute typist) ` +
        `that is ${Math.round(keys / 5)} s of typing`,
    );
  } finally {
    await cleanups.run();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
