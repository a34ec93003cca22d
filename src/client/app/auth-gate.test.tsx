import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { AuthGate } from './auth-gate';

// The screens are lazy chunks; the first import of each is transformed on the fly.
const lazy = { timeout: 5000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(me: 'pending' | 'signed-out' | 'signed-in') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/me') {
        if (me === 'pending') return new Promise<Response>(() => {});
        if (me === 'signed-out')
          return jsonResponse({ code: 'unauthenticated', message: 'x' }, 401);
        return jsonResponse({ user: makeUser() });
      }
      return jsonResponse({ code: 'not_found', message: 'Not found' }, 404);
    }),
  );
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

  it('says forgot-password is not available yet', async () => {
    serve('signed-out');
    renderWithProviders(<AuthGate />, { path: '/forgot-password' });
    expect(
      await screen.findByRole('heading', { name: 'Forgot Password' }, lazy),
    ).toBeInTheDocument();
    expect(screen.getByText(/not available yet/)).toBeInTheDocument();
  });
});
