import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/fixtures';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { LoginPage } from './login-page';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
const { toast } = await import('@/components/ui/use-toast');

const user = makeUser({ lastName: null });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

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
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
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
    const fetchMock = vi.fn(async () => jsonResponse({ user }));
    vi.stubGlobal('fetch', fetchMock);
    const { location, queryClient } = renderWithProviders(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), ' Sam@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'sam@example.com',
      password: 'correct horse',
    });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Login successful', description: 'Welcome back!' }),
    );
    expect(queryClient.getQueryData(['/api/auth/me'])).toEqual(user);
  });

  it('toasts the server message when sign-in fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ code: 'invalid_credentials', message: 'Invalid email or password' }, 401),
      ),
    );
    renderWithProviders(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Login failed',
        description: 'Invalid email or password',
        variant: 'destructive',
      }),
    );
  });
});
