import type { Page } from '@playwright/test';

/** What the employers specs share. */

/** Opens an employer card's actions menu and picks `action`. */
export async function openAction(
  page: Page,
  name: string,
  action: 'Edit' | 'Change Colours' | 'Rate history' | 'Holidays' | 'Delete',
) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Opens the add dialog from the employers page and types a name and a rate. */
export async function startAdding(page: Page, name: string, hourlyRate: string) {
  await page.goto('/employers');
  await page.getByRole('button', { name: 'Add Employer' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Employer' });
  await dialog.getByLabel('Employer name').fill(name);
  await dialog.getByLabel('Hourly rate ($)').fill(hourlyRate);
  return dialog;
}
