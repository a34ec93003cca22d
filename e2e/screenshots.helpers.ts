import type { Locator, Page } from '@playwright/test';

/**
 * Screenshots of the page at desktop width and at 375 px in light and dark, into `dir` (an
 * environment variable of the spec, so they are only taken when asked for and never committed).
 * `focus` is scrolled into view at each size.
 */
export async function shootThemes(
  page: Page,
  dir: string | undefined,
  name: string,
  focus?: Locator,
) {
  if (!dir) return;
  for (const [width, dark] of [
    [1280, false],
    [375, false],
    [375, true],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    // Colours change with a transition: shoot once it is over, not halfway.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running'),
    );
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/${name}-${width}${dark ? '-dark' : ''}.png` });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 720 });
}
