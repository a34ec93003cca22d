import { spawn } from 'node:child_process';
import { mkdtempSync, chmodSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startE2eNotion } from './scripts/e2e-notion.mjs';

const OUT = '/tmp/shots2';
const BASE = 'http://127.0.0.1:3128';
const notion = await startE2eNotion();
const dataDir = mkdtempSync(join(tmpdir(), 'hb-'));
chmodSync(dataDir, 0o755);
const server = spawn('node', ['dist/server/main.js'], {
  env: { ...process.env, NOTION_API_URL: notion.env.NOTION_API_URL, PORT: '3128', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const report = [];
const log = (...a) => { console.log(...a); report.push(a.join(' ')); };
let browser;
try {
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(`${BASE}/api/health`)).ok) break; } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  const control = (path, body) => fetch(`${notion.env.E2E_NOTION_CONTROL}${path}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const ctx = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') log('CONSOLE', m.text()); });
  page.on('pageerror', (e) => log('PAGEERROR', e.message));
  const pw = 'a very private passphrase';
  let r = await page.request.post('/api/auth/register', { data: { email: `robin-${Date.now()}@example.com`, password: pw, confirmPassword: pw, firstName: 'Robin', lastName: 'Tester' } });
  log('register', r.status());
  r = await page.request.post('/api/employers', { data: { name: 'Acme Studio', hourlyRate: '25.00' } });
  const acme = await r.json();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const addLog = async (s, e) => {
    const res = await page.request.post('/api/work-logs', { data: { breakDuration: 0, hourlyRateAtTime: 0, employerId: acme.id, date: today, startTime: s, endTime: e } });
    log('addLog', s, res.status());
    return res.json();
  };
  await addLog('08:00', '10:00'); await addLog('10:30', '12:30'); await addLog('13:00', '17:00');

  const setTheme = async (t) => { await page.request.patch('/api/settings/theme', { data: { theme: t } }); };
  const axe = async (name) => {
    await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
    const res = await page.evaluate(async () => (await window.axe.run()).violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ') + ' :: ' + (n.failureSummary || '').replace(/\s+/g, ' ').slice(0, 200)) })));
    const bad = res.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    log(`AXE ${name}: ${res.length} violations, serious/critical: ${JSON.stringify(bad, null, 1)}; others: ${res.filter((v) => !bad.includes(v)).map((v) => v.id + '(' + v.impact + ')').join(',')}`);
  };
  const overflow = async (name) => {
    const o = await page.evaluate(() => {
      const de = document.documentElement;
      const wide = [];
      for (const el of document.querySelectorAll('body *')) {
        const rct = el.getBoundingClientRect();
        if (rct.right > de.clientWidth + 1 && rct.width > 0) wide.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} r=${Math.round(rct.right)}`);
      }
      return { sw: de.scrollWidth, cw: de.clientWidth, wide: wide.slice(0, 8) };
    });
    if (o.sw > o.cw || o.wide.length) log(`OVERFLOW ${name}: scrollWidth ${o.sw} > ${o.cw}`, JSON.stringify(o.wide));
  };
  const VPS = [[1280, 800], [375, 812]];
  const THEMES = ['light', 'dark'];
  // prepare: function that navigates/sets state; run for each combo
  const shoot = async (name, prepare, { a11y = false, full = true } = {}) => {
    for (const theme of THEMES) {
      await setTheme(theme);
      for (const [w, h] of VPS) {
        await page.setViewportSize({ width: w, height: h });
        await prepare();
        await page.waitForTimeout(400);
        const file = `${OUT}/${name}-${w}-${theme}.png`;
        await page.screenshot({ path: file, fullPage: full });
        await overflow(`${name}-${w}-${theme}`);
        if (a11y) await axe(`${name}-${w}-${theme}`);
      }
    }
  };
  const panel = () => page.getByRole('tabpanel', { name: 'Integrations' });
  const gotoInt = async () => { await page.goto('about:blank'); await page.goto('/settings#integrations'); try { await panel().waitFor({timeout:8000}); } catch (e) { await page.screenshot({ path: `${OUT}/DEBUG-${Date.now()}.png`, fullPage: true }); log('DEBUG url', page.url(), (await page.locator('body').innerText()).slice(0,500)); throw e; } await page.waitForLoadState('networkidle'); };

  // a. not connected
  await shoot('a-not-connected', gotoInt, { a11y: true });

  // b. connect
  const { databaseId } = await control('/database', { title: 'Shifts' });
  await setTheme('light'); await page.setViewportSize({ width: 1280, height: 800 });
  await gotoInt();
  await panel().getByLabel('Integration token').fill(notion.env.E2E_NOTION_TOKEN);
  await panel().getByLabel('Database link or ID').fill(`https://www.notion.so/acme/Shifts-${databaseId.replace(/-/g, '')}?v=1`);
  await panel().getByRole('button', { name: 'Connect Notion' }).click();
  await panel().getByText(/^Connected to /).waitFor();
  await page.screenshot({ path: `${OUT}/b-just-connected-1280-light.png`, fullPage: true });
  await shoot('b-missing-props', gotoInt, { a11y: true });

  // c. add missing properties: try to catch pending
  await setTheme('light'); await page.setViewportSize({ width: 1280, height: 800 }); await gotoInt();
  await panel().getByRole('button', { name: 'Add missing properties' }).click();
  for (let i = 0; i < 6; i++) {
    await page.screenshot({ path: `${OUT}/c-pending-${i}-1280-light.png`, fullPage: true });
    const txt = await panel().innerText();
    log(`c-pending-${i}:`, txt.replace(/\s+/g, ' ').slice(0, 400));
    await page.waitForTimeout(120);
  }
  await panel().getByText(/^3 of 3 work logs? in Notion$/).waitFor({ timeout: 20000 });
  await shoot('c-synced', gotoInt);

  // d. work logs synced
  const gotoLogs = async () => { await page.goto('/work-logs'); await page.getByText('Acme Studio').first().waitFor(); await page.waitForLoadState('networkidle'); };
  await shoot('d-logs-synced', gotoLogs, { a11y: true });
  await control('/fail', { status: 400, code: 'validation_error', times: 1, only: '^POST /v1/pages$' });
  await addLog('18:00', '20:00');
  await setTheme('light'); await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/work-logs');
  await page.getByRole('button', { name: /^Retry Notion sync for Acme Studio/ }).first().waitFor({ timeout: 20000 });
  await shoot('d-logs-failed', async () => { await gotoLogs(); await page.getByRole('button', { name: /^Retry Notion sync/ }).first().waitFor({ timeout: 15000 }); }, { a11y: true });
  // hover/focus the failed badge to see tooltip
  await setTheme('light'); await page.setViewportSize({ width: 1280, height: 800 }); await gotoLogs();
  const bad = page.getByLabel(/^Not synced to Notion: /).first();
  log('failed badge label:', await bad.getAttribute('aria-label'));
  await bad.hover(); await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/d-failed-hover-1280-light.png` });
  await page.setViewportSize({ width: 375, height: 812 }); await gotoLogs();
  await page.getByLabel(/^Not synced to Notion: /).first().tap?.().catch(() => {});
  await page.getByLabel(/^Not synced to Notion: /).first().click().catch((e) => log('click badge', e.message));
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/d-failed-click-375-light.png` });
  // settings after failure
  await shoot('c-after-failure', gotoInt, { full: true });

  // e. disconnect dialog
  await shoot('e-disconnect', async () => {
    await gotoInt();
    await panel().getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).first().waitFor();
  }, { a11y: true, full: false });
  await page.keyboard.press('Escape');
  // actually disconnect
  await setTheme('light'); await page.setViewportSize({ width: 1280, height: 800 }); await gotoInt();
  await panel().getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('alertdialog').or(page.getByRole('dialog')).first().getByRole('button', { name: 'Disconnect' }).click();
  await panel().getByLabel('Integration token').waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${OUT}/e-after-disconnect-1280-light.png`, fullPage: true });

  // f. wrong token
  const { databaseId: db2 } = await control('/database', { title: 'Hours' });
  await shoot('f-wrong-token', async () => {
    await gotoInt();
    await panel().getByLabel('Integration token').fill('secret_nope');
    await panel().getByLabel('Database link or ID').fill(`https://www.notion.so/acme/Hours-${db2.replace(/-/g, '')}?v=1`);
    await panel().getByRole('button', { name: 'Connect Notion' }).click();
    await page.waitForLoadState('networkidle'); await page.waitForTimeout(800);
    log('f text:', (await panel().innerText()).replace(/\s+/g, ' ').slice(0, 600));
  }, { a11y: true });
  // f2: empty submit (client validation)
  await setTheme('light'); await page.setViewportSize({ width: 375, height: 812 }); await gotoInt();
  await panel().getByRole('button', { name: 'Connect Notion' }).click(); await page.waitForTimeout(500);
  await page.screenshot({ path: `${OUT}/f-empty-375-light.png`, fullPage: true });
  log('a text:', (await panel().innerText()).replace(/\s+/g, ' ').slice(0, 1500));
} catch (e) {
  log('ERROR', e.stack);
} finally {
  writeFileSync(`${OUT}/report.txt`, report.join('\n'));
  await browser?.close();
  server.kill();
  await notion.close();
}
