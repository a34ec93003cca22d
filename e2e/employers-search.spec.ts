import {
  addEmployerThroughApi,
  employerCard as card,
  checkA11y,
  expect,
  signUpThroughApi,
  test,
} from './fixtures';

/** Employers: the search by name, whatever the letter case and accents. */

// Each test signs up, builds its data and runs axe a few times: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

test('the search filters by name in any letter case and says when nothing matches', async ({
  page,
}) => {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Blue Bottle Cafe', hourlyRate: '20' });
  await addEmployerThroughApi(page, { name: 'Northwind Studio', hourlyRate: '80' });
  await page.goto('/employers');
  await expect(page.getByRole('article')).toHaveCount(2);

  const search = page.getByRole('searchbox', { name: 'Search employers' });
  await expect(search).toHaveAttribute('placeholder', 'Search employers...');
  await search.fill('NORTHwind');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Northwind Studio')).toBeVisible();
  await search.fill('bottle');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Blue Bottle Cafe')).toBeVisible();

  await search.fill('zebra');
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No employers found' })).toBeVisible();
  await expect(page.getByText('Try a different search term or clear your search')).toBeVisible();
  await checkA11y(page, 'employers, nothing found');
  await search.fill('');
  await expect(page.getByRole('article')).toHaveCount(2);
});

test("the search finds 'Café' for 'cafe' and 'CAFÉ'", async ({ page }) => {
  await signUpThroughApi(page);
  await addEmployerThroughApi(page, { name: 'Café Olé', hourlyRate: '20' });
  await addEmployerThroughApi(page, { name: 'Northwind Studio', hourlyRate: '80' });
  await page.goto('/employers');
  const search = page.getByRole('searchbox', { name: 'Search employers' });
  for (const query of ['cafe', 'CAFÉ']) {
    await search.fill(query);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card(page, 'Café Olé')).toBeVisible();
  }
});
