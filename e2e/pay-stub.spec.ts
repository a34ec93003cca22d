import type { Page } from '@playwright/test';
import { todayIn } from '../src/shared/domain/dates.ts';
import { addEmployerThroughApi, checkA11y, expect, signUpThroughApi, test } from './fixtures';

/**
 * A pay stub on a payment (decision 043): a cleaner records $720.00 from Harbour Cafe with the
 * stub's PDF attached, downloads it back byte for byte from the payments list, and sees a file
 * that only claims to be a PDF refused in words while the payment itself stays recorded.
 */

test.describe.configure({ timeout: 120_000 });

const shotsDir = process.env.PAY_STUB_SHOTS;
const ZONE = 'America/New_York';

/** A small real PDF, with bytes of every value so any change to them shows. */
const STUB = Buffer.concat([
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n%',
    'latin1',
  ),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
  Buffer.from('\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1'),
]);

async function shoot(page: Page, name: string, fullPage = false) {
  if (!shotsDir) return;
  for (const [width, dark] of [
    [1280, false],
    [1280, true],
    [375, false],
    [375, true],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running'),
    );
    await page.screenshot({
      path: `${shotsDir}/${name}-${width}${dark ? '-dark' : ''}.png`,
      fullPage,
    });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a pay stub attached through the dialog downloads back unchanged', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(/status of 400/, 1); // the disguised file, refused on purpose
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Harbour Cafe', hourlyRate: '18.00' });
  const today = todayIn(ZONE);
  const day = new Date(`${today}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

  await page.goto('/pay');
  await page.getByRole('button', { name: 'Record payment', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payment' });
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('720.00');
  const file = dialog.getByLabel('Pay stub or invoice');
  await file.setInputFiles({
    name: 'November stub.pdf',
    mimeType: 'application/pdf',
    buffer: STUB,
  });
  await expect(dialog).toContainText('November stub.pdf');
  await expect(dialog.getByRole('button', { name: 'Remove November stub.pdf' })).toBeVisible();
  await checkA11y(page, 'the Record payment dialog with a pay stub chosen');
  await shoot(page, 'pay-stub-dialog');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();

  const payments = page.getByRole('list', { name: 'Payments received' });
  const link = payments.getByRole('link', {
    name: `Pay stub for payment of $720.00 from Harbour Cafe on ${day}: November stub.pdf`,
  });
  await expect(link).toBeVisible();
  await checkA11y(page, 'the Pay page with a pay stub');
  await shoot(page, 'pay-stub-list', true);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('November stub.pdf');
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).equals(STUB)).toBe(true);

  // An HTML page named like a PDF: refused in words, and the payment stays recorded.
  await page.getByRole('button', { name: 'Record payment', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('40.00');
  await dialog.getByLabel('Pay stub or invoice').setInputFiles({
    name: 'invoice.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  });
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(
    dialog.getByText(
      'The payment was saved, but the file was not attached: Please choose a PDF, PNG, JPEG or WebP file',
    ),
  ).toBeVisible();
  await expect(dialog.getByLabel('Pay stub or invoice')).toBeFocused();
  await shoot(page, 'pay-stub-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(payments.getByRole('listitem')).toHaveCount(2);
  await expect(payments.getByRole('link')).toHaveCount(1);
});
