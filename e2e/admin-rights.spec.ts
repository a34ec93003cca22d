import { confirmationLink, NEW_ADMIN_EMAIL } from './admin.helpers';
import { checkA11y, expect, signUpThroughUi, test } from './fixtures';

/**
 * An address listed in ADMIN_EMAILS gives administrator rights only once it is confirmed by
 * the mailed link (read from the real SMTP server of scripts/e2e-smtp.mjs): whoever signs up
 * with it first gets nothing without its mailbox.
 */

test('a user named by ADMIN_EMAILS confirms the address on Settings → Admin, then has the rights', async ({
  page,
}) => {
  await signUpThroughUi(page, NEW_ADMIN_EMAIL, 'Bea');
  const status = await page.request.get('/api/auth/admin-status');
  expect(await status.json()).toEqual({ isAdmin: false, awaitsEmailConfirmation: true });
  // The administrator routes stay shut until then.
  const early = await page.request.post('/api/admin/temporary-password', {
    data: { userEmail: NEW_ADMIN_EMAIL },
  });
  expect(early.status()).toBe(403);

  await page.goto('/settings#admin');
  const panel = page.getByRole('tabpanel', { name: 'Admin' });
  await expect(
    panel.getByRole('heading', { name: 'Confirm your address to get administrator rights' }),
  ).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'User email' })).toHaveCount(0);
  await checkA11y(page, 'settings admin: confirm the address');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({
      path: `${process.env.E2E_SHOTS ?? '/tmp'}/admin-confirm-${width}.png`,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await panel.getByRole('button', { name: 'Send link' }).click();
  await expect(panel.getByRole('status')).toContainText(
    `We sent a confirmation link to ${NEW_ADMIN_EMAIL}.`,
  );
  await page.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/admin-confirm-sent-1280.png` });

  await page.goto(await confirmationLink(NEW_ADMIN_EMAIL));
  await expect(
    page.getByRole('heading', { name: 'Your e-mail address is confirmed' }),
  ).toBeVisible();
  await checkA11y(page, 'verify email: confirmed');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${process.env.E2E_SHOTS ?? '/tmp'}/admin-confirmed-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: 'Go to Settings' }).click();
  await page.getByRole('tab', { name: 'Admin' }).click();
  await expect(panel.getByRole('textbox', { name: 'User email' })).toBeVisible();
  await expect(
    panel.getByText('Connect your Gmail account first to send password reset emails.'),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Generate Temporary Password' })).toBeDisabled();
});
