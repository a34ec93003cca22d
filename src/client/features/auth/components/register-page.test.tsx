import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { RegisterPage } from './register-page';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
const { toast } = await import('@/components/ui/use-toast');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast).mockClear();
});

describe('the register form', () => {
  it('asks for a password of at least 8 characters and a confirmation', async () => {
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
  });

  it("says the passwords don't match", async () => {
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough 1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'long enough 2');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the browser time zone and toasts on success', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ user: { id: 1 } }, 201));
    vi.stubGlobal('fetch', fetchMock);
    const { location } = renderWithProviders(<RegisterPage />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough 1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'long enough 1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    const body = JSON.parse(String(init.body));
    expect(body.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(body.confirmPassword).toBe('long enough 1');
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Registration successful' }),
    );
  });

  it('toasts the server message when the e-mail is taken', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ code: 'email_taken', message: 'This email is already registered' }, 409),
      ),
    );
    renderWithProviders(<RegisterPage />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long enough 1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'long enough 1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Registration failed',
        description: 'This email is already registered',
        variant: 'destructive',
      }),
    );
  });
});
