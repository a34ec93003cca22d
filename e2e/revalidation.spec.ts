import type { Page, Response } from '@playwright/test';
import { addEmployerThroughApi, expect, test } from './fixtures';
import { addWorkLog, openWithAcmeShift, row, todayInNewYork } from './work-logs.helpers';

/** Answers to GET /api/work-logs (the page's list, whatever its query) from now on. */
function listAnswers(page: Page) {
  const answers: Response[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/work-logs' && response.request().method() === 'GET') {
      answers.push(response);
    }
  });
  return answers;
}

test.describe('lists the browser asks for again', () => {
  test('come back as 304 (no body) while unchanged, and in full once something changed', async ({
    page,
  }) => {
    await openWithAcmeShift(page);
    const answers = listAnswers(page);

    // Back to the list: the browser revalidates what it kept, and the server builds nothing.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.goto('/work-logs');
    await expect(row(page, 'Acme Studio')).toBeVisible();
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    // Chromium shows the page the kept answer as a 200; on the wire it was a 304 with no body.
    const revalidated = answers.at(-1)!;
    expect(await revalidated.request().headerValue('if-none-match')).toMatch(/^"\d+-/);
    expect((await revalidated.request().sizes()).responseBodySize).toBe(0);

    // A change elsewhere (another tab, another device): the next visit gets the new list.
    const other = await addEmployerThroughApi(page, { name: 'Night Bakery', hourlyRate: '19.00' });
    await addWorkLog(page, {
      employerId: other.id,
      date: todayInNewYork(),
      startTime: '18:00',
      endTime: '22:00',
    });
    const before = answers.length;
    await page.goto('/');
    await page.goto('/work-logs');
    await expect(row(page, 'Night Bakery')).toBeVisible();
    await expect(row(page, 'Acme Studio')).toBeVisible();
    const sizes = await Promise.all(
      answers
        .slice(before)
        .map(async (answer) => (await answer.request().sizes()).responseBodySize),
    );
    expect(Math.max(...sizes)).toBeGreaterThan(0);
  });
});
