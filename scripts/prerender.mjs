// After `vite build`: renders the public pages to HTML (docs/decisions/020-prerendered-entry-pages.md),
// gives the shell modulepreloads and the session check's preload, and writes .br/.gz copies.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist', 'client');
const ssrOut = join(root, 'dist', 'prerender');
const outDir = join(dist, 'prerendered');

const pageModules = {
  landing: 'features/landing/components/landing-page.tsx',
  login: 'features/auth/components/login-view.tsx',
  register: 'features/auth/components/register-view.tsx',
};
/** What the shell loads first for every other page: the app and the signed-in layout. */
const shellModules = ['app/app.tsx', 'app/signed-in-app.tsx'];
/**
 * Each signed-in page's own code. A signed-in visit to one of these paths gets a copy of the
 * shell that preloads that page too, so it loads beside the app instead of after it.
 */
const appPageModules = {
  '/': 'features/dashboard/components/dashboard-page.tsx',
  '/employers': 'features/employers/components/employers-page.tsx',
  '/work-logs': 'features/work-logs/components/work-logs-page.tsx',
  '/work-logs/week': 'features/work-logs/components/week-grid-page.tsx',
  '/calendar': 'features/calendar/components/calendar-page.tsx',
  '/timesheet-reports': 'features/timesheet-reports/components/timesheet-reports-page.tsx',
  '/pay': 'features/payments/components/pay-page.tsx',
  '/settings': 'features/settings/components/settings-page.tsx',
};

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** Every JS file a module pulls in statically, as check-bundle-budget.mjs counts them. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`"${key}" is not in the build: update scripts/prerender.mjs`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, files);
  return files;
}

const entryFiles = closure('index.html');
const preloadLinks = (modules, already = entryFiles) => {
  const files = new Set();
  for (const key of modules) closure(key, files);
  return [...files]
    .filter((file) => !already.has(file))
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
    .join('');
};

const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** Replaces exactly one occurrence, or fails: the template changed under this script. */
function replaceOnce(html, pattern, replacement) {
  const matches = html.match(new RegExp(pattern, 'g')) ?? [];
  if (matches.length !== 1) {
    throw new Error(`dist/client/index.html: expected one ${pattern}, found ${matches.length}`);
  }
  return html.replace(new RegExp(pattern), () => replacement);
}

const shellPath = join(dist, 'index.html');
const template = readFileSync(shellPath, 'utf8');
// The shell's first request, GET /api/auth/me (src/client/app/session-bootstrap.ts), starts
// with the entry instead of after it, and first in the head: over HTTP/1.1 a browser opens six
// connections to a host, and behind forty module preloads it would wait its turn. fetch() with
// credentials 'same-origin' reuses it.
const sessionPreload =
  '<link rel="preload" href="/api/auth/me" as="fetch" crossorigin="anonymous" fetchpriority="high">';
const shellPreloads = preloadLinks(shellModules);
if (template.includes(sessionPreload)) {
  throw new Error(
    'dist/client/index.html was already changed by this script: run `vite build` first',
  );
}

await build({
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: join(root, 'src', 'client', 'prerender', 'render.tsx'),
    outDir: ssrOut,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
});
const { renderPage, renderShell, pagesToRender } = await import(
  pathToFileURL(join(ssrOut, 'render.js')).href
);

mkdirSync(outDir, { recursive: true });
const pages = {};
for (const page of pagesToRender) {
  const { name } = page;
  const module = pageModules[name];
  if (!module) throw new Error(`No module named for the page "${name}" in scripts/prerender.mjs`);
  const body = await renderPage(name);
  let html = replaceOnce(
    template,
    '<title>[^<]*</title>',
    `<title>${escapeHtml(page.title)}</title>`,
  );
  html = replaceOnce(
    html,
    '<meta name="description" content="[^"]*" />',
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
  );
  html = replaceOnce(html, '\n  </head>', `\n${preloadLinks([module])}  </head>`);
  html = replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${name}">${body}</div>`,
  );
  writeFileSync(join(outDir, `${name}.html`), html);
  pages[page.path] = `prerendered/${name}.html`;
  console.log(`  prerendered ${page.path.padEnd(10)} → dist/client/prerendered/${name}.html`);
}
writeFileSync(join(outDir, 'pages.json'), `${JSON.stringify(pages, null, 2)}\n`);
const shell = replaceOnce(
  replaceOnce(
    replaceOnce(template, '\n  </head>', `\n${shellPreloads}  </head>`),
    '\n    <meta charset="UTF-8" />',
    `\n    <meta charset="UTF-8" />\n    ${sessionPreload}`,
  ),
  '<div id="root"></div>',
  `<div id="root">${await renderShell()}</div>`,
);
writeFileSync(shellPath, shell);
// One shell per signed-in page, its page's code preloaded after the app's.
const shellFiles = closure('index.html');
for (const key of shellModules) closure(key, shellFiles);
const shells = {};
for (const [path, module] of Object.entries(appPageModules)) {
  const name = `shell-${path === '/' ? 'dashboard' : path.slice(1).replaceAll('/', '-')}`;
  const html = replaceOnce(
    shell,
    '\n  </head>',
    `\n${preloadLinks([module], shellFiles)}  </head>`,
  );
  writeFileSync(join(outDir, `${name}.html`), html);
  shells[path] = `prerendered/${name}.html`;
}
writeFileSync(join(outDir, 'shells.json'), `${JSON.stringify(shells, null, 2)}\n`);
console.log(`  ${Object.keys(shells).length} signed-in shells, each preloading its page's code`);
rmSync(ssrOut, { recursive: true, force: true });

const compressible = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);
const MIN_BYTES = 1024;
function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}
let raw = 0;
let brotli = 0;
for (const path of [...files(dist)]) {
  if (!compressible.has(extname(path)) || path.includes(`${join('client', '.vite')}`)) continue;
  const bytes = readFileSync(path);
  if (bytes.length < MIN_BYTES) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  raw += bytes.length;
  brotli += br.length;
}
console.log(
  `  compressed ${(raw / 1e6).toFixed(2)} MB of text to ${(brotli / 1e6).toFixed(2)} MB (brotli)`,
);
