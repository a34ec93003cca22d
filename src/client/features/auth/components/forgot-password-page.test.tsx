import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, offline, type Routes } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { FORGOT_PASSWORD_MESSAGE } from '../../../../shared/schemas/auth.ts';
import { handOffTemporarySignIn } from '../temporary-sign-in';
import {
  ForgotPasswordPage,
  TEMPORARY_PASSWORD_GONE,
  TEMPORARY_SIGN_IN,
} from './forgot-password-page';

const RESET_MESSAGE = 'Your password has been reset. You can now log in with your new password.';
const WRONG_TEMPORARY = apiError(400, 'invalid_temporary_password', 'Invalid temporary password');
/** An answer without our `{ code, message }` body, as from a proxy in front of the server. */
const bare = (status: number) => () => new Response('<html>Bad Gateway</html>', { status });

const happyRoutes: Routes = {
  'POST /api/auth/forgot-password': { success: true, message: FORGOT_PASSWORD_MESSAGE },
  'POST /api/auth/verify-temporary-password': { success: true, message: 'Verified' },
  'POST /api/auth/reset-password': { success: true, message: RESET_MESSAGE },
};

const stepHeading = (name: RegExp) => screen.getByRole('heading', { level: 2, name });

function renderPage(routes: Routes = {}) {
  const api = mockApi({ ...happyRoutes, ...routes });
  return { api, ...renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' }) };
}

async function requestTemporaryPassword(email = 'sam@example.com') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send Temporary Password' }));
}

async function reachVerifyStep() {
  await requestTemporaryPassword();
  await screen.findByRole('heading', { level: 2, name: /step 2 of 3/i });
}

async function verify(temporaryPassword = 'TEMP-1234') {
  await userEvent.type(screen.getByLabelText('Temporary password'), temporaryPassword);
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

async function reachResetStep() {
  await reachVerifyStep();
  await verify();
  await screen.findByRole('heading', { level: 2, name: /step 3 of 3/i });
}

async function choosePassword(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('forgot password, step 1: request', () => {
  it('sends the address, shows the server message in a status banner and moves to step 2', async () => {
    const { api } = renderPage();
    expect(stepHeading(/step 1 of 3/i)).toHaveTextContent('Request a temporary password');
    await requestTemporaryPassword(' Sam@Example.com ');

    const heading = await screen.findByRole('heading', { level: 2, name: /step 2 of 3/i });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(FORGOT_PASSWORD_MESSAGE);
    expect(api.calls('POST /api/auth/forgot-password')[0]?.body).toEqual({
      email: 'sam@example.com',
    });
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
  });

  it('says the address is not valid and sends nothing', async () => {
    const { api } = renderPage();
    await requestTemporaryPassword('not-an-email');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(api.calls('POST /api/auth/forgot-password')).toHaveLength(0);
  });

  it("shows the server's message when it refuses, and stays on step 1", async () => {
    renderPage({
      'POST /api/auth/forgot-password': apiError(
        429,
        'rate_limited',
        'Too many requests. Please wait a minute.',
      ),
    });
    await requestTemporaryPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait a minute.',
    );
    expect(stepHeading(/step 1 of 3/i)).toBeInTheDocument();
  });

  it('falls back to "Failed to process forgot password request" without a server message', async () => {
    renderPage({ 'POST /api/auth/forgot-password': bare(502) });
    await requestTemporaryPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to process forgot password request',
    );
  });

  it('says "Network error. Please try again." when the server cannot be reached', async () => {
    renderPage({ 'POST /api/auth/forgot-password': offline });
    await requestTemporaryPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
  });
});

describe('forgot password, step 2: verify', () => {
  it('asks for the temporary password before sending anything', async () => {
    const { api } = renderPage();
    await reachVerifyStep();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the temporary password')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/verify-temporary-password')).toHaveLength(0);
  });

  it('says "Invalid temporary password" for a wrong one and stays on step 2', async () => {
    const { api } = renderPage({ 'POST /api/auth/verify-temporary-password': WRONG_TEMPORARY });
    await reachVerifyStep();
    await verify('WRONG');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid temporary password');
    expect(stepHeading(/step 2 of 3/i)).toBeInTheDocument();
    expect(api.calls('POST /api/auth/verify-temporary-password')[0]?.body).toEqual({
      email: 'sam@example.com',
      temporaryPassword: 'WRONG',
    });
  });

  it('falls back to "Invalid temporary password" without a server message', async () => {
    renderPage({ 'POST /api/auth/verify-temporary-password': bare(500) });
    await reachVerifyStep();
    await verify();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid temporary password');
  });

  it('says "Network error. Please try again." when the check gets no answer', async () => {
    renderPage({ 'POST /api/auth/verify-temporary-password': offline });
    await reachVerifyStep();
    await verify();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
  });

  it('goes back to step 1 with the address kept and focus on the heading', async () => {
    renderPage();
    await reachVerifyStep();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepHeading(/step 1 of 3/i)).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('forgot password, step 3: reset', () => {
  it('says "Passwords do not match" and sends nothing', async () => {
    const { api } = renderPage();
    await reachResetStep();
    expect(stepHeading(/step 3 of 3/i)).toHaveFocus();
    await choosePassword('a brand new secret', 'a different secret');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('asks for at least 8 characters', async () => {
    renderPage();
    await reachResetStep();
    await choosePassword('short');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('resets, says the user can sign in, and returns to step 1', async () => {
    const { api } = renderPage();
    await reachResetStep();
    await choosePassword('a brand new secret');

    const heading = await screen.findByRole('heading', { level: 2, name: /step 1 of 3/i });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(api.calls('POST /api/auth/reset-password')[0]?.body).toEqual({
      email: 'sam@example.com',
      temporaryPassword: 'TEMP-1234',
      newPassword: 'a brand new secret',
    });
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent(RESET_MESSAGE);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('button', { name: 'Send Temporary Password' })).toBeInTheDocument();
  });

  it('starts at step 3 after a sign-in with a temporary password, and resets with it', async () => {
    handOffTemporarySignIn({ email: 'sam@example.com', temporaryPassword: 'K7QM-2XPA-9RTW' });
    const { api } = renderPage();
    expect(stepHeading(/step 3 of 3/i)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(TEMPORARY_SIGN_IN);
    await choosePassword('a brand new secret');
    await screen.findByRole('heading', { level: 2, name: /step 1 of 3/i });
    expect(api.calls('POST /api/auth/reset-password')[0]?.body).toEqual({
      email: 'sam@example.com',
      temporaryPassword: 'K7QM-2XPA-9RTW',
      newPassword: 'a brand new secret',
    });
  });

  it('shows a refused new password under its field', async () => {
    renderPage({
      'POST /api/auth/reset-password': apiError(400, 'validation_failed', 'Invalid input', {
        newPassword: 'This password is too common. Please choose another.',
      }),
    });
    await reachResetStep();
    await choosePassword('password1234');
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/too common/),
    );
    // The field says it; no second, general alert repeats it.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('starts again at step 1, saying why, when the temporary password stopped working meanwhile', async () => {
    renderPage({ 'POST /api/auth/reset-password': WRONG_TEMPORARY });
    await reachResetStep();
    await choosePassword('a brand new secret');
    await waitFor(() => expect(stepHeading(/Request a temporary password/)).toHaveFocus());
    expect(screen.getByText(TEMPORARY_PASSWORD_GONE)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
  });

  it('falls back to "Failed to reset password" without a server message', async () => {
    renderPage({ 'POST /api/auth/reset-password': bare(500) });
    await reachResetStep();
    await choosePassword('a brand new secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password');
  });

  it('says "Network error. Please try again." when the reset gets no answer', async () => {
    renderPage({ 'POST /api/auth/reset-password': offline });
    await reachResetStep();
    await choosePassword('a brand new secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please try again.');
  });

  it('goes back to step 2 with Back', async () => {
    renderPage();
    await reachResetStep();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepHeading(/step 2 of 3/i)).toHaveFocus();
    expect(screen.getByLabelText('Temporary password')).toHaveValue('');
  });
});

describe('the forgot password page', () => {
  it('links back to sign in on every step', async () => {
    renderPage();
    const signIn = () => screen.getByRole('link', { name: 'Sign in' });
    expect(signIn()).toHaveAttribute('href', '/login');
    await reachVerifyStep();
    expect(signIn()).toHaveAttribute('href', '/login');
    await verify();
    await screen.findByRole('heading', { level: 2, name: /step 3 of 3/i });
    expect(signIn()).toHaveAttribute('href', '/login');
  });
});
