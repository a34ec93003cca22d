import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { apiError, mockApi, offline } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import { takeTemporarySignIn } from '../temporary-sign-in';
import { LoginPage } from './login-page';

const user = makeUser({ lastName: null });

async function signIn(email = 'sam@example.com', password = 'correct horse') {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the login form', () => {
  it('shows both validation messages under their fields when submitted empty', async () => {
    renderWithProviders(<LoginPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Password is required');
  });

  it('shows the e-mail message for an invalid address only', async () => {
    renderWithProviders(<LoginPage />, { path: '/login' });
    await signIn('not-an-email', 'secret');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('shows and hides the password with a labelled toggle', async () => {
    renderWithProviders(<LoginPage />, { path: '/login' });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('links to the password reset and to sign-up', () => {
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot your password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Hourbook' })).toHaveAttribute('href', '/');
  });

  it('signs in, toasts a welcome and goes to /', async () => {
    const api = mockApi({ 'POST /api/auth/login': { user } });
    const { location, queryClient } = renderWithProviders(<LoginPage />, { path: '/login' });
    await signIn(' Sam@Example.com ');

    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(api.calls('POST /api/auth/login')[0]?.body).toEqual({
      email: 'sam@example.com',
      password: 'correct horse',
    });
    expect(await findToast('Login successful')).toHaveTextContent('Welcome back!');
    expect(queryClient.getQueryData(['/api/auth/me'])).toEqual(user);
  });

  it('shows why sign-in failed under the form and in a toast', async () => {
    mockApi({
      'POST /api/auth/login': apiError(401, 'invalid_credentials', 'Invalid email or password'),
    });
    const { location } = renderWithProviders(<LoginPage />, { path: '/login' });
    await signIn('sam@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(await findToast('Login failed')).toHaveTextContent('Invalid email or password');
    expect(location.history.at(-1)).toBe('/login');
  });

  it('sends a sign-in with a temporary password on to choosing a new one', async () => {
    mockApi({
      'POST /api/auth/login': apiError(
        403,
        'password_change_required',
        'You signed in with a temporary password. Please choose a new password to finish.',
      ),
    });
    const { location } = renderWithProviders(<LoginPage />, { path: '/login' });
    await signIn('sam@example.com', 'K7QM-2XPA-9RTW');
    await waitFor(() => expect(location.history.at(-1)).toBe('/forgot-password'));
    // Handed over in memory, once: not in the address.
    expect(location.history.join(' ')).not.toContain('K7QM');
    expect(takeTemporarySignIn()).toEqual({
      email: 'sam@example.com',
      temporaryPassword: 'K7QM-2XPA-9RTW',
    });
    expect(takeTemporarySignIn()).toBeNull();
  });

  it('says the server could not be reached when the network is down', async () => {
    mockApi({ 'POST /api/auth/login': offline });
    renderWithProviders(<LoginPage />, { path: '/login' });
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not reach the server. Check your connection and try again.',
    );
  });
});

describe('where signing in leads', () => {
  it('to the page a signed-out visitor opened, when the form was shown there', async () => {
    mockApi({ 'POST /api/auth/login': { user } });
    const { location } = renderWithProviders(<LoginPage />, { path: '/employers' });
    await signIn();
    await waitFor(() => expect(location.history.at(-1)).toBe('/employers'));
    expect(location.history).toEqual(['/employers']); // replaced, not stacked
  });

  it('to the `next` page of /login, but never off the site', async () => {
    mockApi({ 'POST /api/auth/login': { user } });
    const first = renderWithProviders(<LoginPage />, { path: '/login?next=%2Fsettings' });
    await signIn();
    await waitFor(() => expect(first.location.history.at(-1)).toBe('/settings'));
    first.unmount();

    const second = renderWithProviders(<LoginPage />, {
      path: '/login?next=%2F%2Fevil.example%2Femployers',
    });
    await signIn();
    await waitFor(() => expect(second.location.history.at(-1)).toBe('/'));
    second.unmount();

    // A dot segment that the URL parser turns into '//evil.example' is judged after it.
    const third = renderWithProviders(<LoginPage />, {
      path: `/login?next=${encodeURIComponent('/.//evil.example')}`,
    });
    await signIn();
    await waitFor(() => expect(third.location.history.at(-1)).toBe('/'));
  });

  it('notes that the session ended when that is why the form shows', () => {
    renderWithProviders(<LoginPage />, { path: '/login?next=%2Femployers&reason=session-ended' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your session has ended. Please sign in again.',
    );
  });

  it('says the account was deleted when the form shows after deleting it', () => {
    renderWithProviders(<LoginPage />, { path: '/login?reason=account-deleted' });
    expect(screen.getByRole('status')).toHaveTextContent('Your account has been deleted.');
    expect(screen.queryByText(/session has ended/)).not.toBeInTheDocument();
  });

  it('shows no note on a plain visit', () => {
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
