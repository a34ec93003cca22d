import { addEmployerThroughApi, checkA11y, expect, signUpThroughApi, test } from './fixtures';
import { addWorkLog, openWithAcmeShift, row, todayInNewYork } from './work-logs.helpers';

/** Work logs: the filters and the search, and a search the server refuses. */

test('filters survive moving between pages, reset after a reload, and search finds by employer', async ({
  page,
}) => {
  await signUpThroughApi(page);
  const acme = await addEmployerThroughApi(page, { name: 'Acme Studio', hourlyRate: '25.00' });
  const north = await addEmployerThroughApi(page, { name: 'Northwind Café', hourlyRate: '18.00' });
  const today = todayInNewYork();
  await addWorkLog(page, {
    employerId: acme.id,
    date: today,
    startTime: '09:00',
    endTime: '17:00',
  });
  await addWorkLog(page, {
    employerId: acme.id,
    date: '2021-01-05',
    startTime: '09:00',
    endTime: '12:00',
  });
  await addWorkLog(page, {
    employerId: north.id,
    date: today,
    startTime: '13:00',
    endTime: '15:00',
  });

  await page.goto('/work-logs');
  await expect(page.getByRole('row')).toHaveCount(4);
  const totals = page.getByRole('region', { name: /^Totals for/ });
  await expect(totals).toHaveAccessibleName('Totals for all your shifts');
  await expect(totals).toContainText('3 shifts');
  await expect(totals).toContainText('13.0 h');
  await expect(totals).toContainText('$311.00');
  await page.getByRole('combobox', { name: 'Filter by employer' }).click();
  await page.getByRole('option', { name: 'Acme Studio' }).click();
  await page.getByRole('combobox', { name: 'Filter by date' }).click();
  await page.getByRole('option', { name: 'This Month' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, 'Acme Studio')).toContainText('8.0 h');
  await expect(totals).toHaveAccessibleName('Totals for these filters');
  await expect(totals).toContainText('1 shift');
  await expect(totals).toContainText('$200.00');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Employers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Employers' })).toBeVisible();
  await nav.getByRole('link', { name: 'Work Logs' }).click();
  await expect(page.getByRole('combobox', { name: 'Filter by employer' })).toHaveText(
    'Acme Studio',
  );
  await expect(page.getByRole('combobox', { name: 'Filter by date' })).toHaveText('This Month');
  await expect(page.getByRole('row')).toHaveCount(2);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Filter by employer' })).toHaveText(
    'All Employers',
  );
  await expect(page.getByRole('combobox', { name: 'Filter by date' })).toHaveText('All Time');
  await expect(page.getByRole('row')).toHaveCount(4);

  await page.getByRole('searchbox', { name: 'Search Logs' }).fill('north');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, 'Northwind Café')).toBeVisible();
  // Accents and case aside: 'cafe' and 'CAFÉ' both find 'Café'.
  await page.getByRole('searchbox', { name: 'Search Logs' }).fill('Acme');
  await expect(row(page, 'Northwind Café')).toHaveCount(0);
  for (const term of ['cafe', 'CAFÉ']) {
    await page.getByRole('searchbox', { name: 'Search Logs' }).fill(term);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row(page, 'Northwind Café')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Totals for these filters' })).toContainText(
      '1 shift',
    );
  }
  await page.getByRole('searchbox', { name: 'Search Logs' }).fill('nobody');
  await expect(page.getByText('Try changing your filters or search term')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByRole('row')).toHaveCount(4);
});

test('a search the server refuses shows its reason and a way out, not an empty list', async ({
  page,
  consoleErrors,
}) => {
  // The browser logs each refused request: the list's and the totals', once each (a read the
  // server refused as bad input is not asked again).
  consoleErrors.expect(/status of 400/, 2);
  await openWithAcmeShift(page);

  const tooLong = 'a'.repeat(201);
  const answer = await page.request.get(`/api/work-logs?search=${tooLong}`);
  expect(answer.status()).toBe(400);
  const body = (await answer.json()) as {
    code: string;
    message: string;
    errors?: Record<string, string>;
  };
  expect(body.code).toBe('validation_failed');

  const searchBox = page.getByRole('searchbox', { name: 'Search Logs' });
  await searchBox.fill(tooLong);
  const alert = page.getByRole('alert').filter({ hasText: "That search can't be run" });
  await expect(alert).toContainText(body.errors?.search ?? body.message);
  await expect(page.getByText('No Work Logs Found')).toHaveCount(0);
  await expect(searchBox).toHaveAttribute('aria-invalid', 'true');
  await checkA11y(page, 'refused search');
  await alert.getByRole('button', { name: 'Clear search' }).click();
  await expect(searchBox).toHaveValue('');
  await expect(row(page, 'Acme Studio')).toBeVisible();
});
