import type { Page } from '@playwright/test';
import { expect, PASSWORD } from './fixtures';
import { waitForMail } from './mail.helpers';

/** Named in ADMIN_EMAILS by playwright.config.ts. */
export const ADMIN_EMAIL = 'admin-e2e@hourbook.test';
/** Also named there, for the spec that walks through confirming the address on screen. */
export const NEW_ADMIN_EMAIL = 'boss-e2e@hourbook.test';

export const CONFIRM_SUBJECT = 'Confirm your Hourbook e-mail address';

/** The path and query of the confirmation link in the newest such mail to `to`. */
export async function confirmationLink(to: string): Promise<string> {
  const mail = await waitForMail('smtp-inbox', to, CONFIRM_SUBJECT);
  const link = new URL(mail.text?.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0] ?? '');
  return `${link.pathname}${link.search}`;
}

/**
 * Signs in the administrator of ADMIN_EMAILS (registers it on a fresh server). Its rights start
 * once the address is confirmed by the mailed link, which this opens when it has not been yet;
 * specs running side by side may race for it, so it tries again while the rights are not there.
 */
export async function signInAdmin(page: Page) {
  const register = await page.request.post('/api/auth/register', {
    data: { email: ADMIN_EMAIL, password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Ada' },
  });
  if (register.status() !== 201) {
    const login = await page.request.post('/api/auth/login', {
      data: { email: ADMIN_EMAIL, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
  }
  const isAdmin = async () =>
    (await (await page.request.get('/api/auth/admin-status')).json()).isAdmin === true;
  for (let attempt = 0; attempt < 4 && !(await isAdmin()); attempt++) {
    const asked = await page.request.post('/api/auth/confirm-email', { data: {} });
    if (asked.status() === 200) {
      await page.request.get(`/api/auth${await confirmationLink(ADMIN_EMAIL)}`);
    } else {
      await page.waitForTimeout(1_000);
    }
  }
  expect(await isAdmin()).toBe(true);
}
