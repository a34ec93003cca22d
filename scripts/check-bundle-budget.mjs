// After `vite build`: the gzipped JavaScript each route loads first, against its budget.
// Fails the build when a route is over budget or a module named here is no longer in the build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist', 'client');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const KB = 1000;

const signedIn = ['index.html', 'app/app.tsx', 'app/signed-in-app.tsx'];
const page = (feature, name = `${feature}-page`) => `features/${feature}/components/${name}.tsx`;
const routes = [
  // A signed-out visit to / loads the entry and the landing page only (src/client/app/root.tsx).
  { route: '/ (signed out: landing)', modules: ['index.html', page('landing')], budget: 90 },
  // A signed-out visit to /login or /register loads the entry and that form only, not the app.
  { route: '/login', modules: ['index.html', page('auth', 'login-view')], budget: 110 },
  { route: '/register', modules: ['index.html', page('auth', 'register-view')], budget: 110 },
  { route: '/ (signed in: dashboard)', modules: [...signedIn, page('dashboard')], budget: 200 },
  { route: '/employers', modules: [...signedIn, page('employers')], budget: 200 },
  // 205: raised from 200 when each shift gained Duplicate and its tips and expenses (2026-11-27).
  { route: '/work-logs', modules: [...signedIn, page('work-logs')], budget: 205 },
  // The week grid (decision 049): its own lazy chunk, reached from the work logs.
  {
    route: '/work-logs/week',
    modules: [...signedIn, page('work-logs', 'week-grid-page')],
    budget: 200,
  },
  // The month calendar (decision 047): its own chunk; the work-log dialog loads when opened.
  { route: '/calendar', modules: [...signedIn, page('calendar')], budget: 200 },
  { route: '/timesheet-reports', modules: [...signedIn, page('timesheet-reports')], budget: 200 },
  { route: '/pay', modules: [...signedIn, page('payments', 'pay-page')], budget: 200 },
  // 205: raised from 200 when Notion and Gmail became features of their own (decision 004, 2026-11-25).
  // 206: the timer in the top bar and the keyboard shortcuts' loader reach every page (2026-11-27).
  // 207: the shell gained the week grid's and the calendar's routes and the toast's action
  // button (Undo) (2026-11-28).
  { route: '/settings', modules: [...signedIn, page('settings')], budget: 207 },
];

const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};

/** Every JS file a module pulls in statically (what the browser fetches before it runs). */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk)
    throw new Error(`"${key}" is not in the build: update scripts/check-bundle-budget.mjs`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, files);
  return files;
}

let over = 0;
console.log('\nJavaScript each route loads first (gzip -9):');
for (const { route, modules, budget } of routes) {
  const files = new Set();
  for (const key of modules) closure(key, files);
  const kb = [...files].reduce((sum, file) => sum + sizeOf(file), 0) / KB;
  const verdict =
    budget === undefined
      ? ''
      : kb <= budget
        ? `  (budget ${budget} KB)`
        : `  OVER BUDGET ${budget} KB`;
  if (budget !== undefined && kb > budget) over++;
  console.log(`  ${route.padEnd(28)} ${kb.toFixed(1).padStart(6)} KB${verdict}`);
}
if (over) {
  console.error(`\n${over} route(s) over their JavaScript budget.`);
  process.exit(1);
}
