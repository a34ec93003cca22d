import { configure, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meQueryKey } from '@/features/auth';
import { makeUser } from '@/test/fixtures';
import { apiError, json, mockApi, offline, type Reply } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import { VerifyEmailPage } from './verify-email-page';

const ROUTE = 'GET /api/auth/verify-email';
const verified = { success: true, message: 'Email verified', newEmail: 'sam@new.example' };

function renderPage(reply: Reply, path = '/verify-email?token=tok-123') {
  const api = mockApi({
    [ROUTE]: reply,
    'GET /api/auth/me': { user: makeUser({ email: 'sam@new.example' }) },
  });
  const result = renderWithProviders(<VerifyEmailPage />, { path });
  return { api, ...result };
}

// As in the app (src/client/main.tsx): StrictMode at the root runs every effect twice on
// mount. Only a root StrictMode does; one nested inside the providers would not.
beforeAll(() => configure({ reactStrictMode: true }));
afterAll(() => configure({ reactStrictMode: false }));

describe('the verify-email page', () => {
  it('shows that it is verifying until the server answers', async () => {
    let answer: (response: Response) => void = () => {};
    renderPage(() => new Promise<Response>((resolve) => (answer = resolve)));
    expect(await screen.findByText('Verifying your e-mail address...')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).not.toBeInTheDocument();

    answer(json(verified));
    expect(
      await screen.findByRole('heading', { name: 'Your e-mail address has been changed' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Verifying your e-mail address...')).not.toBeInTheDocument();
  });

  it("says the address is confirmed when the link confirmed the account's own address", async () => {
    const { api } = renderPage({
      success: true,
      message: 'Email address confirmed',
      newEmail: 'sam@new.example',
      kind: 'confirmed',
    });
    expect(
      await screen.findByRole('heading', { name: 'Your e-mail address is confirmed' }),
    ).toBeInTheDocument();
    expect(await findToast('Email address confirmed')).toHaveTextContent('sam@new.example');
    expect(screen.queryByText(/has been changed/)).not.toBeInTheDocument();
    expect(api.calls(ROUTE)).toHaveLength(1);
  });

  it('sends the token once, even though StrictMode runs the effect twice', async () => {
    const { api } = renderPage(verified);
    await screen.findByRole('heading', { name: 'Your e-mail address has been changed' });
    expect(api.calls(ROUTE).map((call) => call.url)).toEqual([
      '/api/auth/verify-email?token=tok-123',
    ]);
  });

  it('shows the new address, toasts the change and offers Settings and the Dashboard', async () => {
    renderPage(verified);
    expect(await screen.findByText('sam@new.example')).toBeInTheDocument();
    expect(await findToast('Email Changed Successfully')).toHaveTextContent(
      'Use sam@new.example to sign in next time.',
    );
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
  });

  it('puts the new address into the cached user, so the sidebar shows it', async () => {
    const api = mockApi({
      [ROUTE]: verified,
      'GET /api/auth/me': { user: makeUser({ email: 'sam@new.example' }) },
    });
    const { queryClient } = renderWithProviders(<VerifyEmailPage />, {
      path: '/verify-email?token=tok-123',
    });
    queryClient.setQueryData(meQueryKey, makeUser({ email: 'sam@example.com' }));
    await screen.findByRole('heading', { name: 'Your e-mail address has been changed' });
    expect(queryClient.getQueryData(meQueryKey)).toMatchObject({ email: 'sam@new.example' });
    expect(queryClient.getQueryState(meQueryKey)?.isInvalidated).toBe(true);
    expect(api.calls(ROUTE)).toHaveLength(1);
  });

  it('shows "Verification failed" when the server refuses the token', async () => {
    renderPage(apiError(400, 'verification_failed', 'Verification failed'));
    expect(
      await screen.findByRole('heading', { name: 'Your e-mail address was not changed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Verification failed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
  });

  it('says the change is done, not that it failed, when the used link is opened again', async () => {
    renderPage(
      apiError(
        409,
        'link_already_used',
        'This link was already used: you sign in with sam@new.example.',
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'This link has done its work already' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This link was already used: you sign in with sam@new.example.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Your e-mail address was not changed')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toBeInTheDocument();
  });

  it("shows the server's words for an expired link", async () => {
    const expired = 'This verification link has expired. Please request a new e-mail change.';
    renderPage(apiError(400, 'verification_failed', expired));
    expect(await screen.findByText(expired)).toBeInTheDocument();
  });

  it('says "Verification failed" when the server breaks down', async () => {
    renderPage(apiError(500, 'internal_error', 'Something went wrong'));
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
  });

  it('says "Network error during verification" when the server cannot be reached', async () => {
    renderPage(offline);
    expect(await screen.findByText('Network error during verification')).toBeInTheDocument();
  });

  it('says "No verification token found in URL" without a token, and asks nothing', async () => {
    const { api } = renderPage(verified, '/verify-email');
    expect(await screen.findByText('No verification token found in URL')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toBeInTheDocument();
    expect(api.calls(ROUTE)).toHaveLength(0);
  });
});
