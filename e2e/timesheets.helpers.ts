import type { Download, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** What the timesheet specs share. */

/** The value beside `term` in a summary list. */
export const summaryValue = (scope: Locator, term: string) =>
  scope.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

/** Generates the report the form describes, reads its total due and downloads its file. */
export async function generateAndDownload(
  page: Page,
): Promise<{ download: Download; totalDue: string }> {
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report Generated' });
  await expect(dialog).toBeVisible();
  const totalDue =
    (await summaryValue(dialog.getByLabel('Report totals'), 'Total due').textContent()) ?? '';
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  return { download, totalDue };
}
