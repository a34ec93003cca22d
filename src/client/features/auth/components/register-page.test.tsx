import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { apiError, json, mockApi } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import { RegisterPage } from './register-page';

async function fillIn(password = 'long enough 1', confirm = password) {
  await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
  await userEvent.type(screen.getByLabelText('Password'), password);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('the register form', () => {
  it('asks for a password of at least 8 characters and a confirmation', async () => {
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillIn('short', '');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
  });

  it("says the passwords don't match", async () => {
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillIn('long enough 1', 'long enough 2');
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the browser time zone and toasts on success', async () => {
    const api = mockApi({ 'POST /api/auth/register': json({ user: makeUser() }, 201) });
    const { location } = renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillIn();

    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(api.calls('POST /api/auth/register')[0]?.body).toMatchObject({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      confirmPassword: 'long enough 1',
    });
    expect(await findToast('Registration successful')).toBeInTheDocument();
  });

  it('shows the server message at the e-mail field and in a toast when it is taken', async () => {
    const taken = 'This email is already registered';
    mockApi({ 'POST /api/auth/register': apiError(409, 'email_taken', taken, { email: taken }) });
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await fillIn();
    expect(await findToast('Registration failed')).toHaveTextContent(taken);
    // Said once on the page, at the field it is about.
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(taken);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
