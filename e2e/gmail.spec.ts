import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { signInAdmin } from './admin.helpers';
import {
  addEmployerThroughApi,
  checkA11y,
  expect,
  signUpThroughApi,
  test,
  uniqueEmail,
} from './fixtures';
import { waitForMail } from './mail.helpers';
import { addWorkLog, todayInNewYork } from './work-logs.helpers';

/**
 * The user's own mailbox, end to end: connecting Gmail through the popup (a real OAuth 2.0
 * server on loopback answers it, scripts/e2e-gmail.mjs), sending a generated report through the
 * Gmail API (its fake writes what it accepts to DATA_DIR/gmail-sent), the report marked sent,
 * disconnecting; and the administrator's temporary password, sent and used.
 */

test.describe.configure({ timeout: 90_000 });

/** The connected address, as the local OAuth server's ID token names it. */
const GMAIL_ADDRESS = 'robin.e2e@gmail.test';

/** Every message handed to the Gmail fake for `to`. */
async function mailsTo(to: string) {
  const dir = join(process.env.E2E_DATA_DIR ?? './data-e2e', 'gmail-sent');
  const names = (await readdir(dir)).filter((n) => n.endsWith('.eml'));
  // Only the messages naming `to` are parsed: the folder holds every test's mail, PDFs included.
  const raws = await Promise.all(names.map((n) => readFile(join(dir, n))));
  const mails = await Promise.all(
    raws.filter((raw) => raw.includes(to)).map((raw) => simpleParser(raw)),
  );
  return mails.filter((m) => [m.to ?? []].flat().some((t) => t.text.includes(to)));
}

/** Settings → Export → Connect Gmail: the popup runs the consent and closes itself. */
async function connectGmail(page: Page) {
  await page.goto('/settings#export');
  // The Mail account card of the Export tab.
  const card = page.getByRole('tabpanel', { name: 'Export' });
  await expect(card.getByText(/^Not connected\./)).toBeVisible();
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    card.getByRole('button', { name: 'Connect Gmail' }).click(),
  ]);
  // The popup may close itself before a 'close' listener is in place: ask whether it is closed.
  await expect.poll(() => popup.isClosed(), { timeout: 20_000 }).toBe(true);
  await expect(page.getByText('Gmail Connected', { exact: true })).toBeVisible();
  await expect(card.getByText(`Connected as ${GMAIL_ADDRESS}`)).toBeVisible();
  return card;
}

test('connects Gmail in a popup, sends a report through it, sees it marked sent, disconnects', async ({
  page,
}) => {
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, {
    name: 'Acme Studio',
    hourlyRate: '25.00',
    taxRate: '15',
    contactEmail: 'payroll@acme.example',
  });
  await addWorkLog(page, {
    employerId: acme.id,
    date: todayInNewYork(),
    startTime: '09:00',
    endTime: '17:00',
    breakDuration: 30,
  });
  const card = await connectGmail(page);
  await checkA11y(page, 'Settings → Export, Gmail connected');

  await page.goto('/timesheet-reports');
  await page.getByRole('combobox', { name: 'Employer' }).click();
  await page.getByRole('option', { name: 'Acme Studio' }).click();
  await page.getByRole('button', { name: 'This week' }).click();
  await expect(page.getByRole('region', { name: 'Preview' }).getByText('Total due')).toBeVisible();
  await page.getByRole('switch', { name: 'Email report' }).click();
  await page.getByRole('button', { name: 'Generate Report' }).click();

  const method = page.getByRole('dialog', { name: 'Email the Report' });
  await expect(method.getByText(GMAIL_ADDRESS)).toBeVisible();
  await method.getByRole('button', { name: 'Send with Gmail' }).click();
  const compose = page.getByRole('dialog', { name: 'Compose Email' });
  await expect(compose.getByLabel('To')).toHaveValue('payroll@acme.example');
  await expect(compose.getByLabel('Subject')).toHaveValue(/^Timesheet: Acme Studio /);
  await checkA11y(page, 'compose e-mail dialog');
  const subject = await compose.getByLabel('Subject').inputValue();
  await compose.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText('Email Sent Successfully', { exact: true })).toBeVisible();
  await expect(compose).toBeHidden();

  // What Gmail was handed: to the recipient, from the connected address, the PDF attached.
  const mail = await waitForMail('gmail-sent', 'payroll@acme.example', subject);
  expect(mail.from?.value[0]).toEqual({ name: 'Robin Tester', address: GMAIL_ADDRESS });
  expect(mail.text).toContain('Total due: $215.63');
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments[0]?.contentType).toBe('application/pdf');
  expect(mail.attachments[0]?.filename).toMatch(/^timesheet-acme-studio-.*\.pdf$/);
  expect(mail.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');

  const history = page.getByRole('region', { name: 'Generated Reports', exact: true });
  // Under the 'Sent' badge: to whom and on which day (the whole sentence on hover).
  await expect(history.getByTitle(/^Sent to payroll@acme\.example on /)).toBeVisible();
  await expect(history.getByText('to payroll@acme.example')).toBeVisible();

  await page.goto('/settings#export');
  await card.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Gmail Disconnected', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Connect Gmail' })).toBeVisible();
});

test('a message Gmail took without answering is not sent again by itself: the dialog asks, and Send again sends it', async ({
  page,
}) => {
  // The Gmail fake cuts the connection after taking a message to no-answer…, once per Message-ID.
  const recipient = uniqueEmail('no-answer');
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, {
    name: 'Acme Studio',
    hourlyRate: '25.00',
    contactEmail: recipient,
  });
  await addWorkLog(page, {
    employerId: acme.id,
    date: todayInNewYork(),
    startTime: '09:00',
    endTime: '17:00',
    breakDuration: 30,
  });
  await connectGmail(page);
  await page.goto('/timesheet-reports');
  await page.getByRole('combobox', { name: 'Employer' }).click();
  await page.getByRole('option', { name: 'Acme Studio' }).click();
  await page.getByRole('button', { name: 'This week' }).click();
  await expect(page.getByRole('region', { name: 'Preview' }).getByText('Total due')).toBeVisible();
  await page.getByRole('switch', { name: 'Email report' }).click();
  await page.getByRole('button', { name: 'Generate Report' }).click();
  await page
    .getByRole('dialog', { name: 'Email the Report' })
    .getByRole('button', { name: 'Send with Gmail' })
    .click();
  const compose = page.getByRole('dialog', { name: 'Compose Email' });
  await expect(compose.getByLabel('To')).toHaveValue(recipient);
  const subject = await compose.getByLabel('Subject').inputValue();
  await compose.getByRole('button', { name: 'Send Email' }).click();

  // The fake took it and cut the connection: the user is asked, nothing is sent again.
  await expect(page.getByText('Gmail Did Not Confirm', { exact: true })).toBeVisible();
  const notice = compose.getByText(/^Gmail did not confirm this message\. Check your Sent folder/);
  await expect(notice).toBeVisible();
  await expect(compose.getByRole('button', { name: 'Send Email' })).toHaveCount(0);
  await checkA11y(page, 'compose e-mail dialog, send not confirmed');
  if (process.env.E2E_SCREENSHOTS) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/unconfirmed-${width}.png` });
    }
  }
  const first = await waitForMail('gmail-sent', recipient, subject);
  const copies = () => mailsTo(recipient);
  expect(await copies()).toHaveLength(1);

  await compose.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('Email Sent Successfully', { exact: true })).toBeVisible();
  await expect(compose).toBeHidden();
  // The second copy carries the same Message-ID as the first.
  await expect.poll(async () => (await copies()).length).toBe(2);
  expect(new Set((await copies()).map((m) => m.messageId))).toEqual(new Set([first.messageId]));
});

test('an administrator mails a temporary password from Gmail; the user signs in with it and chooses a new one', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // Signing in with the temporary password answers 403 password_change_required, by design.
  consoleErrors.expect(/status of 403 \(Forbidden\)/, 1);
  const userEmail = uniqueEmail('staff');
  const staff = await browser.newPage();
  await signUpThroughApi(staff, userEmail);
  await staff.close();

  // The administrator (ADMIN_EMAILS), with the address confirmed by its mailed link.
  await signInAdmin(page);
  await page.goto('/settings#admin');
  const notice = page.getByText('Connect your Gmail account first to send password reset emails.');
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Temporary Password' })).toBeDisabled();

  await connectGmail(page);
  await page.goto('/settings#admin');
  await expect(notice).toBeHidden();
  await page.getByRole('button', { name: 'Send by Email' }).click();
  await expect(page.getByText('Please enter a user email address')).toBeVisible();
  await page.getByLabel('User email').fill(userEmail);
  await page.getByRole('button', { name: 'Send by Email' }).click();
  await expect(page.getByText('Please generate a temporary password first')).toBeVisible();
  await page.getByRole('button', { name: 'Generate Temporary Password' }).click();
  const generated = page.getByRole('region', { name: 'Generated temporary passwords' });
  const shown = (await generated.locator('code').textContent())?.trim() ?? '';
  expect(shown).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  await checkA11y(page, 'Settings → Admin with a generated password');
  await page.getByRole('button', { name: 'Send by Email' }).click();
  await expect(page.getByText('Email Sent Successfully', { exact: true })).toBeVisible();
  // On send the local list is cleared (docs/product/screens.md#settings).
  await expect(generated).toBeHidden();

  const mail = await waitForMail('gmail-sent', userEmail, 'Your Hourbook temporary password');
  expect(mail.text).toContain(shown);

  // The user signs in with it, and is asked for a new password at once.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(userEmail);
  await page.getByLabel('Password', { exact: true }).fill(shown);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Step 3 of 3/ })).toBeVisible();
  await expect(page.getByText('You signed in with a temporary password.')).toBeVisible();
  const fresh = 'a brand new private passphrase';
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Confirm new password').fill(fresh);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await page.getByLabel('Email').fill(userEmail);
  await page.getByLabel('Password', { exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
