import { checkA11y, expect, PASSWORD, signUpThroughUi, test, uniqueEmail } from './fixtures';

test('a visitor signs up, lands on the dashboard, signs out and signs in again', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkA11y(page, 'landing');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await checkA11y(page, 'register');

  const email = await signUpThroughUi(page);
  await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(sidebar.getByText('Robin Tester')).toBeVisible();
  await expect(sidebar.getByText(email)).toBeVisible();
  await checkA11y(page, 'dashboard');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  // Signed out for real: the API no longer knows the browser.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await checkA11y(page, 'login');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login successful', { exact: true })).toBeVisible();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a wrong password shows the server message and keeps the visitor signed out', async ({
  page,
}) => {
  const email = await signUpThroughUi(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not my password at all');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Beside the form, where the eyes are, and in a toast.
  const form = page.locator('form');
  await expect(form.getByRole('alert')).toHaveText('Invalid email or password');
  const toast = page.getByRole('region', { name: /Notifications/ });
  await expect(toast.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(toast.getByText('Invalid email or password', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await checkA11y(page, 'login with an error');
});

test('the forms say what is wrong before sending anything', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await checkA11y(page, 'login with validation messages');

  await page.goto('/register');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await checkA11y(page, 'register with validation messages');
});

test('the password can be shown and hidden', async ({ page }) => {
  await page.goto('/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('secret words');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');
});

test('a signed-in user on /login sees the dashboard', async ({ page }) => {
  await signUpThroughUi(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('a visitor who opened a page before signing in lands on it afterwards', async ({ page }) => {
  const email = await signUpThroughUi(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/employers');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Employers' })).toBeVisible();
  await expect(page).toHaveURL(/\/employers$/);
});

test('a sign-in link never sends the user to another site', async ({ page }) => {
  const email = await signUpThroughUi(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  // Signed out first: a visit to /login while the logout is still on its way shows the app.
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/login?next=%2F%2Fevil.example%2Fphish');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);

  // A dot segment the browser's URL parser turns into '//evil.example' stays home too.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(`/login?next=${encodeURIComponent('/.//evil.example/phish')}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test('a session that ends while the app is open leads to the sign-in page with a note', async ({
  page,
  context,
}) => {
  const email = await signUpThroughUi(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Employers' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Employers' })).toBeVisible();
  // The form reads the holiday countries as it opens: the session ends after that, while the
  // user types.
  const countries = page.waitForResponse((res) => res.url().includes('/api/holidays/countries'));
  await page.getByRole('button', { name: 'Add Employer' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Employer' });
  expect((await countries).status()).toBe(200);
  await context.clearCookies(); // as if the session expired
  await dialog.getByLabel('Employer name').fill('Too Late Ltd');
  await dialog.getByLabel('Hourly rate ($)').fill('20');
  await dialog.getByRole('button', { name: 'Save Employer' }).click();

  await expect(page).toHaveURL(/\/login\?next=%2Femployers&reason=session-ended$/);
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await checkA11y(page, 'session ended');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Employers' })).toBeVisible();
});
