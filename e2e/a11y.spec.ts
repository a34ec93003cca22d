import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { signInAdmin } from './admin.helpers';
import { addEmployerThroughApi, expect, signUpThroughApi, test, uniqueEmail } from './fixtures';
import { waitForMail } from './mail.helpers';
import { addWorkLog, todayInNewYork } from './work-logs.helpers';

/**
 * Every page and every dialog, popover and menu that can be opened, checked by axe-core against
 * WCAG 2.0, 2.1 and 2.2 A/AA and axe's best practices, in the light and the dark theme, and the
 * pages at desktop width and at 375 px. Any violation, whatever its impact, fails the test; each
 * test gathers every violation it meets before failing, so one run lists them all.
 */

test.describe.configure({ timeout: 600_000 });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

/** What axe finds, gathered over one test and checked at its end. */
class Audit {
  readonly violations: string[] = [];
  readonly checked: string[] = [];
  constructor(private readonly page: Page) {}

  /** Scans the page as it is, once finite animations (dialogs, toasts fading in) are done. */
  async check(label: string) {
    const page = this.page;
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
        ),
    );
    const theme = (await page.evaluate(() => document.documentElement.classList.contains('dark')))
      ? 'dark'
      : 'light';
    const where = `${label} [${theme}, ${page.viewportSize()?.width ?? 0} px]`;
    this.checked.push(where);
    // Only the violations are wanted: leaving out the passes saves a good part of each scan.
    // axe runs in the page itself (legacy mode): the default finishes each scan in a new page
    // of its own, which doubled a scan's time; the app has no cross-origin frame to need that.
    const axe = new AxeBuilder({ page })
      .withTags(TAGS)
      .options({ resultTypes: ['violations'] })
      .setLegacyMode(true);
    const results = await axe.analyze();
    for (const v of results.violations) {
      const nodes = v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`);
      this.violations.push(
        `${where}: ${v.id} (${v.impact}) ${v.help}\n    ${nodes.join('\n    ')}`,
      );
    }
  }

  /**
   * The page with a dialog, popover, menu or list open: all of it, so a popup that is left
   * outside every landmark (axe 'region') is found too.
   */
  async overlay(label: string) {
    await this.check(label);
  }

  /** The page at desktop width, then at 375 px, then back. */
  async bothWidths(label: string) {
    await this.page.setViewportSize(DESKTOP);
    await this.check(label);
    await this.page.setViewportSize(PHONE);
    await this.check(label);
    await this.page.setViewportSize(DESKTOP);
  }

  done() {
    expect(this.checked.length).toBeGreaterThan(0);
    expect(this.violations, `axe violations in ${this.checked.length} scans`).toEqual([]);
  }
}

/** The next page load starts in `theme` (public/theme-init.js reads it before first paint). */
async function storeTheme(page: Page, theme: Theme) {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
}

async function open(page: Page, path: string, theme: Theme, ready: Locator) {
  if (page.url() === 'about:blank') await page.goto('/login');
  await storeTheme(page, theme);
  // Through a blank page, so a path that differs only in its hash still loads afresh.
  await page.goto('about:blank');
  await page.goto(path);
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
  await expect(ready).toBeVisible({ timeout: 15_000 });
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** A long note, cut short in the list, so its "Show all" popover can open. */
const LONG_NOTE =
  'Covered the front desk, then restocked the storeroom and counted the till twice because the first count was off by a few cents; wrote it all down for the morning shift.';

/**
 * One user with a week of data: employers in several colours (one with departments and a
 * contact address, one inactive), shifts on several days with notes, and a generated report.
 */
async function seedUser(page: Page, email = uniqueEmail('a11y')) {
  await signUpThroughApi(page, email);
  const acme = await addEmployerThroughApi(page, {
    name: 'Acme Studio',
    hourlyRate: '25.00',
    taxRate: '15',
    contactEmail: 'payroll@acme.example',
    phone: '555-0100',
    departments: ['Front desk', 'Storeroom'],
    brandColor: 'blue',
  });
  const north = await addEmployerThroughApi(page, {
    name: 'Northwind Café',
    hourlyRate: '18.50',
    brandColor: 'orange',
    employmentType: 'part-time',
  });
  for (const [name, brandColor] of [
    ['Green Grocer', 'green'],
    ['Purple Press', 'purple'],
    ['Red Rail', 'red'],
    ['Pink Pantry', 'pink'],
  ] as const) {
    await addEmployerThroughApi(page, {
      name,
      hourlyRate: '20.00',
      brandColor,
      departments: ['Shop'],
      isActive: brandColor !== 'pink',
    });
  }
  const today = todayInNewYork();
  await addWorkLog(page, {
    employerId: acme.id,
    date: today,
    startTime: '09:00',
    endTime: '17:00',
    breakDuration: 30,
    department: 'Front desk',
    note: LONG_NOTE,
  });
  await addWorkLog(page, {
    employerId: north.id,
    date: today,
    startTime: '18:00',
    endTime: '22:15',
    note: 'Closing shift',
  });
  await addWorkLog(page, {
    employerId: acme.id,
    date: '2024-03-04',
    startTime: '22:00',
    endTime: '02:00',
  });
  const report = await page.request.post('/api/timesheets/generate', {
    data: { employerId: acme.id, startDate: '2024-03-01', endDate: today, format: 'pdf' },
  });
  expect(report.status()).toBe(201);
  return email;
}

test('the signed-out pages pass axe in both themes, at desktop width and at 375 px', async ({
  page,
  consoleErrors,
}) => {
  // The wrong temporary password, on purpose, once per theme.
  consoleErrors.expect(/status of 400/, 2);
  const audit = new Audit(page);
  await page.setViewportSize(DESKTOP);
  // Real accounts, one per theme, for the third step of forgot password (its temporary
  // password is mailed): an address may ask for only two temporary passwords a minute.
  const accounts = [
    await signUpThroughApi(page, uniqueEmail('forgot')),
    await signUpThroughApi(page, uniqueEmail('forgot')),
  ];
  await page.context().clearCookies();

  for (const theme of THEMES) {
    await open(page, '/', theme, page.getByRole('link', { name: 'Get Started' }).first());
    await audit.bothWidths('landing');
    await open(page, '/login', theme, page.getByRole('button', { name: 'Sign In' }));
    await audit.bothWidths('login');
    // With the form's own messages showing.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await audit.bothWidths('login with errors');
    await open(page, '/register', theme, page.getByRole('button', { name: 'Create Account' }));
    await audit.bothWidths('register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await audit.bothWidths('register with errors');

    const email = accounts.pop() ?? '';
    await open(page, '/forgot-password', theme, page.getByLabel('Email'));
    await audit.bothWidths('forgot password: request');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Temporary Password' }).click();
    const temporaryPassword = page.getByLabel('Temporary password', { exact: true });
    await expect(temporaryPassword).toBeVisible();
    await audit.bothWidths('forgot password: verify');
    await temporaryPassword.fill('WRONG-ONE');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.locator('form').getByRole('alert')).toBeVisible();
    await audit.bothWidths('forgot password: verify with an error');
    const mail = await waitForMail('smtp-inbox', email, 'Your Hourbook temporary password');
    const mailed = mail.text?.match(/temporary password is:\s+(\S[^\n]*)/)?.[1]?.trim();
    await temporaryPassword.fill(mailed ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    await audit.bothWidths('forgot password: reset');

    await open(page, '/no/such/page', theme, page.getByRole('heading', { name: /404/ }));
    await audit.bothWidths('404 signed out');
    await open(page, '/gmail-callback.html?result=connected', theme, page.getByRole('heading'));
    await audit.bothWidths('gmail callback, connected');
    await open(page, '/gmail-callback.html?error=denied', theme, page.getByRole('heading'));
    await audit.bothWidths('gmail callback, refused');
  }
  audit.done();
});

test('the signed-in pages pass axe in both themes, at desktop width and at 375 px', async ({
  page,
  consoleErrors,
}) => {
  // The made-up verification link is refused, once per theme.
  consoleErrors.expect(/status of 400/, 2);
  const audit = new Audit(page);
  await page.setViewportSize(DESKTOP);
  await seedUser(page);
  const pages: [path: string, ready: (page: Page) => Locator][] = [
    ['/', (p) => p.getByRole('main').getByText('Northwind Café').first()],
    ['/employers', (p) => p.getByRole('article', { name: 'Acme Studio' })],
    ['/work-logs', (p) => p.getByRole('row').filter({ hasText: 'Northwind' }).first()],
    [
      '/timesheet-reports',
      (p) =>
        p
          .getByRole('region', { name: 'Generated Reports', exact: true })
          .getByText('Acme Studio')
          .first(),
    ],
    ['/settings#general', (p) => p.getByRole('textbox', { name: 'Account ID' })],
    ['/settings#export', (p) => p.getByLabel('Sample summary')],
    ['/settings#integrations', (p) => p.getByRole('tabpanel', { name: 'Integrations' })],
    ['/settings#security', (p) => p.getByRole('button', { name: 'Delete account' })],
    ['/test', (p) => h1(p, /./)],
    ['/nothing-here', (p) => p.getByRole('heading', { name: /404/ })],
  ];
  for (const theme of THEMES) {
    for (const [path, ready] of pages) {
      await open(page, path, theme, ready(page));
      await audit.bothWidths(path);
    }
    await open(page, '/verify-email?token=made-up', theme, h1(page, 'Verify Email'));
    await expect(page.getByText('Your e-mail address was not changed')).toBeVisible();
    await audit.bothWidths('verify email, refused link');
    // A real link, as mailed to the new address, and the page that says it worked.
    const newEmail = uniqueEmail('moved');
    const asked = await page.request.post('/api/auth/change-email', { data: { newEmail } });
    expect(asked.status()).toBe(200);
    const mail = await waitForMail(
      'smtp-inbox',
      newEmail,
      'Confirm your new Hourbook e-mail address',
    );
    const link = new URL(mail.text?.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0] ?? '');
    await open(page, `${link.pathname}${link.search}`, theme, h1(page, 'Verify Email'));
    await expect(page.getByText('Your e-mail address has been changed')).toBeVisible();
    // Its toast, the first of the page load, comes once the toasts' code is in: scanned after.
    await expect(page.getByText('Email Changed Successfully', { exact: true })).toBeVisible();
    await audit.bothWidths('verify email, changed');
  }
  // The Admin tab, as the administrator of ADMIN_EMAILS.
  await page.context().clearCookies();
  await signInAdmin(page);
  for (const theme of THEMES) {
    await open(page, '/settings#admin', theme, page.getByRole('tabpanel', { name: 'Admin' }));
    await expect(page.getByRole('textbox', { name: 'User email' })).toBeVisible();
    await audit.bothWidths('/settings#admin');
  }
  audit.done();
});

test('the employer and work-log dialogs, menus and popovers pass axe in both themes', async ({
  page,
}) => {
  const audit = new Audit(page);
  await page.setViewportSize(DESKTOP);
  await seedUser(page);
  for (const theme of THEMES) {
    await open(page, '/employers', theme, page.getByRole('article', { name: 'Acme Studio' }));
    await page.getByRole('button', { name: 'Add Employer' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Add New Employer' });
    await expect(dialog).toBeVisible();
    await audit.overlay('add employer');
    await dialog.getByRole('button', { name: 'Save Employer' }).click();
    await expect(dialog.getByText('Employer name is required')).toBeVisible();
    await audit.overlay('add employer with errors');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Actions for Acme Studio' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await audit.overlay('employer actions menu');
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Employer Details' });
    await expect(dialog).toBeVisible();
    await audit.overlay('edit employer');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Actions for Acme Studio' }).click();
    await page.getByRole('menuitem', { name: 'Change Colours' }).click();
    dialog = page.getByRole('dialog', { name: 'Change Colours' });
    await expect(dialog).toBeVisible();
    await audit.overlay('change colours');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Actions for Acme Studio' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await audit.overlay('delete employer');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: /^Theme:/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await audit.overlay('theme menu');
    await page.keyboard.press('Escape');

    await open(page, '/work-logs', theme, h1(page, 'Work Logs'));
    await page.getByRole('button', { name: 'New Work Log' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Log Work Hours' });
    await expect(dialog.getByRole('group', { name: 'Start time' })).toBeVisible();
    await audit.overlay('new work log');
    await dialog.getByRole('button', { name: /^Date/ }).click();
    await expect(page.getByRole('grid')).toBeVisible();
    await audit.overlay('work log date picker');
    await page.keyboard.press('Escape');
    await dialog.getByRole('combobox', { name: 'Employer' }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await audit.overlay('work log employer list');
    await page.keyboard.press('Escape');
    // The dialog starts with the last employer (docs/product/screens.md#work-logs): a bad hour errs.
    await dialog.getByLabel('Start time hour').fill('99');
    await dialog.getByRole('button', { name: 'Save Work Log' }).click();
    await expect(dialog.getByText(/^Enter an hour/)).toBeVisible();
    await audit.overlay('new work log with errors');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Discard Changes' }).click();
    await expect(dialog).toBeHidden();

    await page
      .getByRole('button', { name: /^Edit work log for Acme Studio/ })
      .first()
      .click();
    dialog = page.getByRole('dialog', { name: 'Edit Work Log' });
    await expect(dialog.getByRole('group', { name: 'Start time' })).toBeVisible();
    await audit.overlay('edit work log');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page
      .getByRole('button', { name: /^Delete work log for Acme Studio/ })
      .first()
      .click();
    dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await audit.overlay('delete work log');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page
      .getByRole('button', { name: /^Show the whole note/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: /^Note for/ })).toBeVisible();
    await audit.overlay('whole note popover');
    await page.keyboard.press('Escape');
    for (const filter of ['Filter by employer', 'Filter by date']) {
      await page.getByRole('combobox', { name: filter }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await audit.overlay(`${filter.toLowerCase()} list`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
    }
    await page.getByRole('combobox', { name: 'Filter by employer' }).click();
    await page.getByRole('option', { name: 'Acme Studio' }).click();
    await page.getByRole('combobox', { name: 'Filter by department' }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await audit.overlay('filter by department list');
    await page.keyboard.press('Escape');
  }
  audit.done();
});

test('the report, settings and mail dialogs pass axe in both themes', async ({ page }) => {
  const audit = new Audit(page);
  await page.setViewportSize(DESKTOP);
  await seedUser(page);
  const png = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#2f7d5b' },
  })
    .png()
    .toBuffer();
  for (const theme of THEMES) {
    await open(page, '/timesheet-reports', theme, h1(page, 'Timesheet Reports'));
    await page.getByRole('combobox', { name: 'Employer' }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await audit.overlay('report employer list');
    await page.getByRole('option', { name: 'Acme Studio' }).click();
    await page.getByRole('button', { name: /^Start date/ }).click();
    await expect(page.getByRole('dialog', { name: 'Choose the start date' })).toBeVisible();
    await audit.overlay('report start date picker');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'This week' }).click();
    await expect(
      page.getByRole('region', { name: 'Preview' }).getByText('Total due'),
    ).toBeVisible();
    await audit.bothWidths('report form filled in');
    await emailReport(page, false);
    await page.getByRole('button', { name: 'Generate Report' }).click();
    let dialog = page.getByRole('dialog', { name: 'Report Generated' });
    await expect(dialog).toBeVisible();
    await audit.overlay('report generated');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Gmail not connected yet: the choice offers to connect it, or to e-mail by hand.
    await emailReport(page, true);
    await page.getByRole('button', { name: 'Generate Report' }).click();
    dialog = page.getByRole('dialog', { name: 'Email the Report' });
    await expect(dialog.getByRole('button', { name: 'Download and email manually' })).toBeVisible();
    await audit.overlay('choose e-mail method, Gmail not connected');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await open(page, '/settings#general', theme, page.getByRole('textbox', { name: 'Account ID' }));
    for (const name of ['Time zone', 'Currency']) {
      await page.getByRole('combobox', { name }).click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await audit.overlay(`${name.toLowerCase()} picker`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
    }
    await page.getByRole('button', { name: 'Change picture' }).click();
    dialog = page.getByRole('dialog', { name: 'Profile picture' });
    await expect(dialog).toBeVisible();
    await audit.overlay('profile picture');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(dialog.getByRole('button', { name: 'Save Picture' })).toBeVisible();
    await audit.overlay('crop profile picture');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await expect(discard).toBeVisible();
    await audit.overlay('discard the picture?');
    await discard.getByRole('button', { name: 'Discard Changes' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Change Email' }).click();
    dialog = page.getByRole('dialog', { name: 'Change Email' });
    await expect(dialog).toBeVisible();
    await audit.overlay('change email');
    await dialog.getByLabel('New email address').fill(uniqueEmail('moved'));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByLabel('Confirmation code')).toBeVisible();
    await audit.overlay('change email: code');
    const code = (await dialog.getByText(/^\d{6}$/).textContent()) ?? '';
    await dialog.getByLabel('Confirmation code').fill(code);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('This change cannot be undone')).toBeVisible();
    await audit.overlay('change email: last question');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await open(page, '/settings#export', theme, page.getByLabel('Sample summary'));
    await page.getByRole('combobox', { name: 'Round time' }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await audit.overlay('round time list');
    await page.keyboard.press('Escape');

    await open(
      page,
      '/settings#security',
      theme,
      page.getByRole('button', { name: 'Delete account' }),
    );
    await page.getByRole('button', { name: 'Delete account' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await audit.overlay('delete account');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  // With Gmail connected (the local OAuth server answers): the choice, then the message.
  await connectGmail(page);
  for (const theme of THEMES) {
    await open(page, '/timesheet-reports', theme, h1(page, 'Timesheet Reports'));
    await page.getByRole('combobox', { name: 'Employer' }).click();
    await page.getByRole('option', { name: 'Acme Studio' }).click();
    await page.getByRole('button', { name: 'This week' }).click();
    await emailReport(page, true);
    await page.getByRole('button', { name: 'Generate Report' }).click();
    let dialog = page.getByRole('dialog', { name: 'Email the Report' });
    await expect(dialog.getByRole('button', { name: 'Send with Gmail' })).toBeVisible();
    await audit.overlay('choose e-mail method, Gmail connected');
    await dialog.getByRole('button', { name: 'Send with Gmail' }).click();
    dialog = page.getByRole('dialog', { name: 'Compose Email' });
    await expect(dialog.getByLabel('To')).toHaveValue('payroll@acme.example');
    await audit.overlay('compose e-mail');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  audit.done();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the navigation overlay, menus and dialogs pass axe at 375 px in both themes', async ({
    page,
  }) => {
    const audit = new Audit(page);
    await seedUser(page);
    for (const theme of THEMES) {
      await open(page, '/work-logs', theme, h1(page, 'Work Logs'));
      await page.getByRole('button', { name: 'Open sidebar' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await audit.overlay('navigation overlay');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Theme:/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await audit.overlay('theme menu');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'New Work Log' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Log Work Hours' });
      await expect(dialog.getByRole('group', { name: 'Start time' })).toBeVisible();
      await audit.overlay('new work log');
      await page.keyboard.press('Escape');
      await open(page, '/employers', theme, page.getByRole('article', { name: 'Acme Studio' }));
      await page.getByRole('button', { name: 'Add Employer' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Add New Employer' })).toBeVisible();
      await audit.overlay('add employer');
      await page.keyboard.press('Escape');
    }
    audit.done();
  });
});

/** Sets the form's Email report switch (the form remembers it between visits). */
async function emailReport(page: Page, on: boolean) {
  const toggle = page.getByRole('switch', { name: 'Email report' });
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
}

/** Settings → Export → Connect Gmail: the local OAuth server answers the popup. */
async function connectGmail(page: Page) {
  await page.goto('/settings#export');
  const card = page.getByRole('tabpanel', { name: 'Export' });
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    card.getByRole('button', { name: 'Connect Gmail' }).click(),
  ]);
  // The popup may close itself before a 'close' listener is in place: ask whether it is closed.
  await expect.poll(() => popup.isClosed(), { timeout: 20_000 }).toBe(true);
  await expect(card.getByText(/^Connected as /)).toBeVisible();
}
