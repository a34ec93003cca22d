import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSettings, makeUser } from '@/test/fixtures';
import { apiError, hang, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { AuthGate } from './auth-gate';

// The screens are lazy chunks; the first import of each is transformed on the fly.
const lazy = { timeout: 5000 };
const signedOut = apiError(401, 'unauthenticated', 'Please sign in to continue');

function serve(me: 'pending' | 'signed-out' | 'signed-in') {
  return mockApi({
    'GET /api/auth/me':
      me === 'pending' ? hang : me === 'signed-out' ? signedOut : { user: makeUser() },
    'GET /api/settings': makeSettings(),
    'GET /api/employers': [],
  });
}

describe('the auth gate', () => {
  it('shows a loading spinner while the session is checked', () => {
    serve('pending');
    renderWithProviders(<AuthGate />, { path: '/employers' });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('shows the sign-in form to a signed-out visitor on a protected page', async () => {
    serve('signed-out');
    renderWithProviders(<AuthGate />, { path: '/settings' });
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, lazy)).toBeInTheDocument();
  });

  it('shows the not-found screen for an unknown path', async () => {
    serve('signed-out');
    renderWithProviders(<AuthGate />, { path: '/nope' });
    expect(
      await screen.findByRole('heading', { name: '404 Page Not Found' }, lazy),
    ).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('shows a signed-in page in the layout whatever the case of its path', async () => {
    serve('signed-in');
    renderWithProviders(<AuthGate />, { path: '/EMPLOYERS' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Employers' }, lazy),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('sends a signed-in user on /login to the dashboard', async () => {
    serve('signed-in');
    const { location } = renderWithProviders(<AuthGate />, { path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, lazy)).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('sends a signed-in user on /register to the dashboard, not the sign-up form', async () => {
    serve('signed-in');
    const { location } = renderWithProviders(<AuthGate />, { path: '/register' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, lazy)).toBeInTheDocument();
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(screen.queryByRole('button', { name: 'Create Account' })).not.toBeInTheDocument();
  });

  it('names the browser tab after the page showing', async () => {
    serve('signed-in');
    renderWithProviders(<AuthGate />, { path: '/employers' });
    await screen.findByRole('heading', { level: 1, name: 'Employers' }, lazy);
    await waitFor(() => expect(document.title).toBe('Employers · Hourbook'));
  });

  it('shows the forgot-password flow at its first step to a signed-out visitor', async () => {
    serve('signed-out');
    renderWithProviders(<AuthGate />, { path: '/forgot-password' });
    expect(
      await screen.findByRole('heading', { name: 'Forgot Password' }, lazy),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Temporary Password' })).toBeInTheDocument();
  });

  it('signs out cleanly when the session ends: note, no error screen, cache cleared', async () => {
    const api = serve('signed-in');
    api.use({ 'GET /api/employers': signedOut });
    const { location, queryClient } = renderWithProviders(<AuthGate />, { path: '/employers' });
    expect(
      await screen.findByText('Your session has ended. Please sign in again.', {}, lazy),
    ).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/login?next=%2Femployers&reason=session-ended');
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(['/api/employers'])).toBeUndefined();
    expect(queryClient.getQueryData(['/api/auth/me'])).toBeNull();
    // One failing read, no retries.
    expect(api.calls('GET /api/employers')).toHaveLength(1);
  });
});
