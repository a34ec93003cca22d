import type { Locator, Page } from '@playwright/test';
import {
  addEmployerThroughApi,
  expect,
  PASSWORD,
  signUpThroughApi,
  test,
  uniqueEmail,
} from './fixtures';
import { todayInNewYork } from './work-logs.helpers';

/**
 * The keyboard alone, end to end: no clicks and no fills, only keys (Tab, Shift+Tab, Enter,
 * Space, arrows, typing). Each control reached with Tab shows a visible focus indicator, each
 * dialog keeps Tab inside itself and gives focus back to what opened it when it closes.
 */

test.describe.configure({ timeout: 180_000 });

/**
 * How the focused element shows its focus: an outline, or a ring (a box-shadow with a spread
 * and no blur, as Tailwind's ring draws it; a plain drop shadow does not count). A control
 * drawn by the element after it (a native radio made invisible) shows it there, and a radio
 * inside a label drawn as a card (the colour picker) on that label.
 */
async function focusIndicator(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const shown = (element: Element | null): string | null => {
      if (!element) return null;
      const style = getComputedStyle(element);
      if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) {
        return `outline ${style.outlineWidth} ${style.outlineStyle}`;
      }
      const ring = style.boxShadow
        .split(/,(?![^(]*\))/)
        .find((shadow) =>
          /(^|\s)0px 0px 0px [1-9]/.test(
            shadow.replace(/rgba?\([^)]*\)|oklch\([^)]*\)/g, '').trim(),
          ),
        );
      return ring ? `ring ${ring.trim()}` : null;
    };
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const own = shown(focused);
    if (own) return own;
    if (getComputedStyle(focused).opacity === '0') return shown(focused.nextElementSibling);
    return shown(focused.closest('label'));
  });
}

/** Presses `key` and checks that `target` then has the focus, and shows it. */
async function press(page: Page, key: string, target: Locator) {
  await page.keyboard.press(key);
  await expect(target).toBeFocused();
  expect(await focusIndicator(page), `a visible focus indicator after ${key}`).not.toBeNull();
}

/** Tabs forward until `target` has the focus (at most `limit` presses), each stop showing it. */
async function tabTo(page: Page, target: Locator, limit = 25) {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) break;
    // Past the last control the focus leaves the page for the browser's own bar, then comes back.
    if (await page.evaluate(() => document.activeElement === document.body)) continue;
    const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
    expect(await focusIndicator(page), `a visible focus indicator on ${where}`).not.toBeNull();
  }
  await expect(target).toBeFocused();
  expect(await focusIndicator(page), 'a visible focus indicator').not.toBeNull();
}

/** Tabs `times` times and checks the focus never leaves `dialog`. */
async function expectTrapped(page: Page, dialog: Locator, key: 'Tab' | 'Shift+Tab', times = 30) {
  for (let presses = 0; presses < times; presses++) {
    await page.keyboard.press(key);
    const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
    expect(inside, `focus still in the dialog after ${presses + 1} × ${key}`).toBe(true);
  }
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('signs in, adds an employer, logs a shift, downloads a report and signs out with the keyboard alone', async ({
  page,
}) => {
  const email = await signUpThroughApi(page, uniqueEmail('keys'));
  await page.context().clearCookies();

  // Sign in.
  await page.goto('/login');
  const emailField = page.getByLabel('Email');
  await expect(emailField).toBeEnabled();
  await tabTo(page, emailField);
  await page.keyboard.type(email);
  await press(page, 'Tab', page.getByRole('link', { name: 'Forgot your password' }));
  const password = page.getByLabel('Password', { exact: true });
  await press(page, 'Tab', password);
  await page.keyboard.type(PASSWORD);
  await press(page, 'Shift+Tab', page.getByRole('link', { name: 'Forgot your password' }));
  await press(page, 'Tab', password);
  await press(page, 'Tab', page.getByRole('button', { name: 'Show password' }));
  await press(page, 'Tab', page.getByRole('button', { name: 'Sign In' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Dashboard')).toBeVisible();

  // Add an employer.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await tabTo(page, nav.getByRole('link', { name: 'Employers' }));
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Employers')).toBeVisible();
  const addEmployer = page.getByRole('button', { name: 'Add Employer' }).first();
  await tabTo(page, addEmployer);
  await page.keyboard.press('Enter');
  const employerDialog = page.getByRole('dialog', { name: 'Add New Employer' });
  const name = employerDialog.getByLabel('Employer name');
  await expect(name).toBeFocused();
  await expectTrapped(page, employerDialog, 'Tab');
  await expectTrapped(page, employerDialog, 'Shift+Tab');
  // Escape closes it and gives the focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(employerDialog).toBeHidden();
  await expect(addEmployer).toBeFocused();
  await page.keyboard.press('Space');
  await expect(name).toBeFocused();
  await page.keyboard.type('Acme Studio');
  await press(page, 'Tab', employerDialog.getByLabel('Hourly rate ($)'));
  await page.keyboard.type('25');
  await tabTo(page, employerDialog.getByRole('button', { name: 'Save Employer' }));
  await page.keyboard.press('Enter');
  await expect(employerDialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Acme Studio' })).toBeVisible();
  await expect(addEmployer).toBeFocused();

  // Log a shift: employer, the day before today from the calendar, start and end times.
  await tabTo(page, nav.getByRole('link', { name: 'Work Logs' }), 40);
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Work Logs')).toBeVisible();
  const newLog = page.getByRole('button', { name: 'New Work Log' }).first();
  await tabTo(page, newLog);
  await page.keyboard.press('Enter');
  const logDialog = page.getByRole('dialog', { name: 'Log Work Hours' });
  const employer = logDialog.getByRole('combobox', { name: 'Employer' });
  await expect(employer).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const option = page.getByRole('option', { name: 'Acme Studio' });
  await expect(option).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(employer).toHaveText('Acme Studio');
  await expect(employer).toBeFocused();

  const date = logDialog.getByRole('button', { name: /^Date/ });
  await press(page, 'Tab', date);
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  const today = todayInNewYork();
  await expect(calendar.locator(`[data-day="${today}"] button`)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  const yesterday = shiftDays(today, -1);
  await expect(calendar.locator(`[data-day="${yesterday}"] button`)).toBeFocused();
  expect(await focusIndicator(page)).not.toBeNull();
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(date).toBeFocused();
  await expect(date).toContainText(displayDay(yesterday));

  await press(page, 'Tab', logDialog.getByLabel('Start time hour'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('8');
  await press(page, 'Tab', logDialog.getByLabel('Start time minutes'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('30');
  // The checked radio of the AM/PM pair takes the focus; the arrows move and check.
  const startPm = logDialog.getByRole('radio', { name: 'PM' }).first();
  const startAm = logDialog.getByRole('radio', { name: 'AM' }).first();
  await page.keyboard.press('Tab');
  await expect(logDialog.getByRole('radio', { checked: true }).first()).toBeFocused();
  expect(await focusIndicator(page)).not.toBeNull();
  if (await startPm.isChecked()) await page.keyboard.press('ArrowLeft');
  await expect(startAm).toBeChecked();
  await expect(startAm).toBeFocused();

  await press(page, 'Tab', logDialog.getByLabel('End time hour'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('4');
  await press(page, 'Tab', logDialog.getByLabel('End time minutes'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('45');
  await page.keyboard.press('Tab');
  const endPm = logDialog.getByRole('radio', { name: 'PM' }).last();
  if (!(await endPm.isChecked())) await page.keyboard.press('ArrowRight');
  await expect(endPm).toBeChecked();
  await expect(endPm).toBeFocused();
  await expect(logDialog.getByText(/8\.3 h/)).toBeVisible();

  await expectTrapped(page, logDialog, 'Tab');
  await tabTo(page, logDialog.getByRole('button', { name: 'Save Work Log' }));
  await page.keyboard.press('Enter');
  await expect(logDialog).toBeHidden();
  await expect(newLog).toBeFocused();
  const row = page.getByRole('row').filter({ hasText: 'Acme Studio' });
  await expect(row).toContainText('8:30 AM');
  await expect(row).toContainText('4:45 PM');

  // A report for yesterday and today, generated and downloaded.
  await tabTo(page, nav.getByRole('link', { name: 'Timesheet Reports' }), 40);
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Timesheet Reports')).toBeVisible();
  const reportEmployer = page.getByRole('combobox', { name: 'Employer' });
  await tabTo(page, reportEmployer);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Acme Studio' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(reportEmployer).toHaveText('Acme Studio');
  await expect(reportEmployer).toBeFocused();

  const start = page.getByRole('button', { name: /^Start date/ });
  await press(page, 'Tab', start);
  await page.keyboard.press('Enter');
  const startCalendar = page.getByRole('dialog', { name: 'Choose the start date' });
  await expect(startCalendar.locator(`[data-day="${today}"] button`)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(startCalendar.locator(`[data-day="${yesterday}"] button`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(startCalendar).toBeHidden();
  await expect(start).toContainText(displayDay(yesterday));
  // The closed calendar gives the focus back to its button first; Tab goes on from there.
  await expect(start).toBeFocused();
  const end = page.getByRole('button', { name: /^End date/ });
  await press(page, 'Tab', end);
  await page.keyboard.press('Space');
  const endCalendar = page.getByRole('dialog', { name: 'Choose the end date' });
  await expect(endCalendar.locator(`[data-day="${today}"] button`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(endCalendar).toBeHidden();
  await expect(end).toContainText(displayDay(today));
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('8.25 h');

  const generate = page.getByRole('button', { name: 'Generate Report' });
  await tabTo(page, generate);
  await page.keyboard.press('Enter');
  const generated = page.getByRole('dialog', { name: 'Report Generated' });
  await expect(generated).toBeVisible();
  await expectTrapped(page, generated, 'Shift+Tab', 8);
  const download = generated.getByRole('button', { name: 'Download' });
  await tabTo(page, download, 8);
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(file.suggestedFilename()).toMatch(/^timesheet-acme-studio-.*\.pdf$/);
  await page.keyboard.press('Escape');
  await expect(generated).toBeHidden();
  await expect(generate).toBeFocused();

  // Sign out.
  await tabTo(page, page.getByRole('button', { name: 'Logout' }), 60);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
});

test('menus and lists open, move and close from the keyboard, giving the focus back', async ({
  page,
}) => {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  await page.goto('/employers');
  await expect(page.getByRole('article', { name: 'Acme Studio' })).toBeVisible();

  // The card's actions menu: Enter opens it on its first item, the arrows move, Escape closes.
  const actions = page.getByRole('button', { name: 'Actions for Acme Studio' });
  await tabTo(page, actions, 40);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Change Colours' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(actions).toBeFocused();

  // An item opens its dialog; closing it brings the focus back to the menu button.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Change Colours' })).toBeFocused();
  await page.keyboard.press('Enter');
  const colours = page.getByRole('dialog', { name: 'Change Colours' });
  await expect(colours).toBeVisible();
  await expectTrapped(page, colours, 'Tab', 15);
  await page.keyboard.press('Escape');
  await expect(colours).toBeHidden();
  await expect(actions).toBeFocused();

  // The theme menu in the top bar: Space opens it, Enter picks, the page turns dark.
  const theme = page.getByRole('button', { name: /^Theme:/ });
  await tabTo(page, theme, 40);
  await page.keyboard.press('Space');
  await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(theme).toBeFocused();
  expect(await focusIndicator(page)).not.toBeNull();

  // A filter list on the Work Logs page: the arrows pick, Escape leaves it as it was.
  await page.goto('/work-logs');
  const filter = page.getByRole('combobox', { name: 'Filter by date' });
  await tabTo(page, filter, 40);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'All Time' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('option', { name: 'This Year' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(filter).toHaveText('All Time');
  await expect(filter).toBeFocused();
  // Each key once the list has taken the focus, as a person's next key comes after it opens.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'All Time' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('option', { name: 'This Year' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(filter).toHaveText('This Year');
  await expect(filter).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the navigation overlay opens from the keyboard, keeps the focus and gives it back', async ({
    page,
  }) => {
    await signUpThroughApi(page);
    await page.goto('/');
    await expect(heading(page, 'Dashboard')).toBeVisible();
    const open = page.getByRole('button', { name: 'Open sidebar' });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const overlay = page.getByRole('dialog', { name: 'Navigation' });
    await expect(overlay).toBeVisible();
    await expectTrapped(page, overlay, 'Tab', 12);
    await expectTrapped(page, overlay, 'Shift+Tab', 12);
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
    await expect(open).toBeFocused();

    await page.keyboard.press('Enter');
    const employers = overlay.getByRole('link', { name: 'Employers' });
    await tabTo(page, employers, 12);
    await page.keyboard.press('Enter');
    await expect(heading(page, 'Employers')).toBeVisible();
    await expect(overlay).toBeHidden();
  });
});

/** 'YYYY-MM-DD' moved by `days`. */
function shiftDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The day as the date fields show it: 'Sun, Mar 1, 2026'. */
function displayDay(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T12:00:00Z`));
}
