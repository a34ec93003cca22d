import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeGmailStatus } from '@/test/fixtures';
import { apiError, hang, mockApi, type Routes } from '@/test/mock-api';
import { findToast, notifications, renderWithProviders } from '@/test/render';
import { GMAIL_POPUP_MESSAGE, type GmailStatus } from '../../../../shared/schemas/mail-account.ts';
import { MailAccountCard } from './mail-account-card';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const AUTH_URL = 'https://accounts.google.test/o/oauth2/v2/auth?client_id=hourbook';
const notConnected = makeGmailStatus({ authorized: false, email: null });

/** The window the card opens: it records where it was sent and whether it was closed. */
function fakePopup() {
  const popup = {
    closed: false,
    location: { href: '' },
    close: vi.fn(() => {
      popup.closed = true;
    }),
    focus: vi.fn(),
  };
  return popup;
}
type FakePopup = ReturnType<typeof fakePopup>;

function stubOpen(popup: FakePopup | null) {
  return vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window | null);
}

/** As the callback page does: window.opener.postMessage(data, origin). */
function post(
  data: unknown,
  { origin = window.location.origin, source }: { origin?: string; source: unknown },
) {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  act(() => {
    window.dispatchEvent(event);
  });
}

/** The card with a server whose status is `status()` at each read. */
function renderCard(initial: GmailStatus, routes: Routes = {}) {
  let current = initial;
  const api = mockApi({
    'GET /api/auth/gmail/status': () => current,
    'GET /api/auth/gmail': { authUrl: AUTH_URL },
    'POST /api/auth/gmail/revoke': { success: true },
    ...routes,
  });
  const result = renderWithProviders(<MailAccountCard />);
  const setStatus = (next: GmailStatus) => {
    current = next;
  };
  return {
    ...result,
    api,
    setStatus,
    statusCalls: () => api.calls('GET /api/auth/gmail/status').length,
  };
}

function fakeTimers() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the mail account card', () => {
  it('says what a connected account is for and who it is connected as', async () => {
    renderCard(makeGmailStatus());
    expect(screen.getByRole('heading', { name: 'Mail account' })).toBeInTheDocument();
    expect(screen.getByText(/send timesheets from your own address/)).toBeInTheDocument();
    expect(
      screen.getByText(/Administrators also use it to send temporary passwords/),
    ).toBeInTheDocument();
    expect(await screen.findByText('ana@gmail.com')).toBeInTheDocument();
    expect(screen.getByText(/Connected as/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Connect Gmail' })).not.toBeInTheDocument();
  });

  it('offers to connect when no account is connected', async () => {
    renderCard(notConnected);
    expect(await screen.findByText(/Not connected/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Gmail' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disconnect' })).not.toBeInTheDocument();
  });

  it('says an expired authorization needs a reconnect, and offers Reconnect', async () => {
    renderCard(makeGmailStatus({ authorized: false, needsReauth: true }));
    expect(
      await screen.findByText(/Gmail authorization expired — reconnect ana@gmail.com/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reconnect Gmail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });

  it('explains that the server has no Google client, and offers no connect button', async () => {
    renderCard(makeGmailStatus({ authorized: false, email: null, configured: false }));
    expect(await screen.findByText('Gmail is not set up on this server.')).toBeInTheDocument();
    expect(screen.getByText('GMAIL_CLIENT_ID')).toBeInTheDocument();
    expect(screen.getByText('GMAIL_CLIENT_SECRET')).toBeInTheDocument();
    expect(screen.getByText(/see the README/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Connect/ })).not.toBeInTheDocument();
  });

  it('shows a loading state while the status is read', () => {
    renderCard(notConnected, { 'GET /api/auth/gmail/status': hang });
    expect(screen.getByRole('status')).toHaveTextContent('Loading mail account status');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when the status cannot be read, and reads it again on Retry', async () => {
    const { api } = renderCard(notConnected, {
      'GET /api/auth/gmail/status': apiError(403, 'forbidden', 'Nope'),
    });
    // The status read retries twice (docs/product/screens.md#talking-to-the-server) before it gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('Could not load the mail account status.');
    api.use({ 'GET /api/auth/gmail/status': makeGmailStatus() });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('ana@gmail.com')).toBeInTheDocument();
  });
});

describe('connecting Gmail', () => {
  it('opens the popup in the click, sends it to Google, and succeeds on the callback message', async () => {
    const user = fakeTimers();
    const popup = fakePopup();
    const open = stubOpen(popup);
    const { setStatus, statusCalls } = renderCard(notConnected);
    await user.click(await screen.findByRole('button', { name: 'Connect Gmail' }));

    expect(open).toHaveBeenCalledWith(
      '',
      'hourbook-gmail',
      expect.stringContaining('width=500,height=600'),
    );
    await waitFor(() => expect(popup.location.href).toBe(AUTH_URL));
    expect(screen.getByRole('button', { name: 'Connecting...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByText('Finish signing in to Google in the pop-up window.')).toBeVisible();

    setStatus(makeGmailStatus());
    const before = statusCalls();
    post({ type: GMAIL_POPUP_MESSAGE, result: 'connected' }, { source: popup });
    expect(await findToast('Gmail Connected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connected' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // The status is read again 1 s later.
    await advance(1000);
    await waitFor(() => expect(statusCalls()).toBeGreaterThan(before));
    expect(await screen.findByText('ana@gmail.com')).toBeInTheDocument();
    // 2 s after the success the buttons are back to what the status offers.
    await advance(1000);
    expect(await screen.findByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connected' })).not.toBeInTheDocument();
  });

  it('ignores messages from another origin, another window, or of another kind', async () => {
    const popup = fakePopup();
    stubOpen(popup);
    renderCard(notConnected);
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    await waitFor(() => expect(popup.location.href).toBe(AUTH_URL));

    const connected = { type: GMAIL_POPUP_MESSAGE, result: 'connected' };
    post(connected, { origin: 'https://evil.test', source: popup });
    post(connected, { source: fakePopup() });
    post(connected, { source: window });
    post({ type: 'other', result: 'connected' }, { source: popup });
    post('connected', { source: popup });
    // Nothing changed: still connecting, no toast.
    expect(screen.getByRole('button', { name: 'Connecting...' })).toBeInTheDocument();
    expect(notifications()).not.toHaveTextContent('Gmail Connected');

    post(connected, { source: popup });
    expect(await findToast('Gmail Connected')).toBeInTheDocument();
  });

  it('says the product’s words when the callback reports a failure, and is idle again 3 s later', async () => {
    const user = fakeTimers();
    const popup = fakePopup();
    stubOpen(popup);
    renderCard(notConnected);
    await user.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    await waitFor(() => expect(popup.location.href).toBe(AUTH_URL));

    post({ type: GMAIL_POPUP_MESSAGE, result: 'error', error: 'denied' }, { source: popup });
    const toast = await findToast('Connection Error');
    expect(toast).toHaveTextContent(
      /^Connection ErrorFailed to connect Gmail\. Please try again\.$/,
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    await advance(3000);
    expect(await screen.findByRole('button', { name: 'Connect Gmail' })).toBeInTheDocument();
  });

  it('names the missing permission when Gmail was connected without the right to send', async () => {
    const user = userEvent.setup();
    const popup = fakePopup();
    stubOpen(popup);
    renderCard(notConnected);
    await user.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    await waitFor(() => expect(popup.location.href).toBe(AUTH_URL));
    post(
      { type: GMAIL_POPUP_MESSAGE, result: 'error', error: 'missing-send-scope' },
      { source: popup },
    );
    const toast = await findToast('Connection Error');
    expect(toast).toHaveTextContent('permission "Send email on your behalf"');
    expect(toast).toHaveTextContent('tick that permission');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('says so when the authorization address cannot be had, and closes the popup', async () => {
    const popup = fakePopup();
    stubOpen(popup);
    renderCard(notConnected, {
      'GET /api/auth/gmail': apiError(503, 'not_configured', 'Gmail is not configured'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    const toast = await findToast('Connection Error');
    expect(toast).toHaveTextContent('Failed to initiate Gmail authorization. Please try again.');
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('');
  });

  it('asks the user to allow pop-ups when the browser blocks the popup', async () => {
    stubOpen(null);
    const { api } = renderCard(notConnected);
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    expect(await findToast(/allow pop-ups/)).toBeInTheDocument();
    expect(api.calls('GET /api/auth/gmail')).toHaveLength(0);
  });

  it('reads the status 1 s after the popup is closed, and is idle again when nothing was connected', async () => {
    const user = fakeTimers();
    const popup = fakePopup();
    stubOpen(popup);
    const { statusCalls } = renderCard(notConnected);
    await user.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    await waitFor(() => expect(popup.location.href).toBe(AUTH_URL));
    const before = statusCalls();

    popup.closed = true;
    await advance(1000); // the closed check sees it
    expect(statusCalls()).toBe(before);
    await advance(1000); // and the status is read 1 s later (the 2 s poll too)
    await waitFor(() => expect(statusCalls()).toBeGreaterThan(before));
    expect(await screen.findByRole('button', { name: 'Connect Gmail' })).toBeInTheDocument();
    expect(notifications()).not.toHaveTextContent('Connection Error');
    // A popup whose link to this window was cut reads as closed while still open: the poll
    // goes on until the 5 minutes are up, then stops, without an error.
    await advance(5 * 60_000);
    const atDeadline = statusCalls();
    await advance(10_000);
    expect(statusCalls()).toBe(atDeadline);
    expect(notifications()).not.toHaveTextContent('Connection Error');
  });

  it('hears the callback on the same-origin channel when the popup lost its opener, once the status agrees', async () => {
    const user = userEvent.setup();
    const popup = fakePopup();
    stubOpen(popup);
    const { setStatus } = renderCard(notConnected);
    await user.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    await waitFor(() => expect(popup.location.href).toBe(AUTH_URL));
    const say = (message: object) => {
      const channel = new BroadcastChannel('hourbook:gmail');
      channel.postMessage(message);
      channel.close();
    };
    // A crafted link to the callback page says "connected": the status says otherwise.
    say({ type: GMAIL_POPUP_MESSAGE, result: 'connected' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(notifications()).not.toHaveTextContent('Gmail Connected');
    setStatus(makeGmailStatus());
    say({ type: GMAIL_POPUP_MESSAGE, result: 'connected' });
    expect(await findToast('Gmail Connected')).toBeInTheDocument();
  });

  it('counts a closed popup as success when the status then says connected', async () => {
    const user = fakeTimers();
    const popup = fakePopup();
    stubOpen(popup);
    const { setStatus } = renderCard(notConnected);
    await user.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    await waitFor(() => expect(popup.location.href).toBe(AUTH_URL));

    setStatus(makeGmailStatus());
    popup.closed = true;
    await advance(2000);
    expect(await findToast('Gmail Connected')).toBeInTheDocument();
    expect(await screen.findByText('ana@gmail.com')).toBeInTheDocument();
  });

  it('polls the status every 2 s while connecting and stops once it is authorized', async () => {
    const user = fakeTimers();
    const popup = fakePopup();
    stubOpen(popup);
    const { setStatus, statusCalls } = renderCard(notConnected);
    await user.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    await waitFor(() => expect(popup.location.href).toBe(AUTH_URL));
    const before = statusCalls();

    await advance(2000);
    await waitFor(() => expect(statusCalls()).toBe(before + 1));
    await advance(2000);
    await waitFor(() => expect(statusCalls()).toBe(before + 2));
    setStatus(makeGmailStatus());
    await advance(2000);
    expect(await findToast('Gmail Connected')).toBeInTheDocument();
    const after = statusCalls();
    await advance(10_000);
    expect(statusCalls()).toBe(after);
  });

  it('gives up after 5 minutes without a connection', async () => {
    const user = fakeTimers();
    const popup = fakePopup();
    stubOpen(popup);
    const { statusCalls } = renderCard(notConnected);
    await user.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    await waitFor(() => expect(popup.location.href).toBe(AUTH_URL));

    await advance(5 * 60_000);
    expect(await findToast('Connection Error')).toHaveTextContent(
      'Failed to connect Gmail. Please try again.',
    );
    expect(popup.close).toHaveBeenCalled();
    const after = statusCalls();
    await advance(10_000);
    expect(statusCalls()).toBe(after);
  });

  it('stops watching the popup when the card goes away', async () => {
    const user = fakeTimers();
    const popup = fakePopup();
    stubOpen(popup);
    const { unmount, statusCalls } = renderCard(notConnected);
    await user.click(await screen.findByRole('button', { name: 'Connect Gmail' }));
    await waitFor(() => expect(popup.location.href).toBe(AUTH_URL));

    unmount();
    const before = statusCalls();
    await advance(10_000);
    // A message now would have the status read 1 s later, were anyone still listening.
    post({ type: GMAIL_POPUP_MESSAGE, result: 'connected' }, { source: popup });
    await advance(2000);
    expect(statusCalls()).toBe(before);
  });
});

describe('disconnecting Gmail', () => {
  it('revokes the account, says so, and offers Connect again 2 s later', async () => {
    const user = fakeTimers();
    const { api, setStatus } = renderCard(makeGmailStatus());
    setStatus(notConnected);
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(await findToast('Gmail Disconnected')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/gmail/revoke')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Disconnected' })).toBeInTheDocument();
    expect(await screen.findByText(/Not connected/)).toBeInTheDocument();
    await advance(2000);
    expect(await screen.findByRole('button', { name: 'Connect Gmail' })).toBeInTheDocument();
  });

  it('says when the account could not be disconnected, and is idle again 3 s later', async () => {
    const user = fakeTimers();
    renderCard(makeGmailStatus(), {
      'POST /api/auth/gmail/revoke': apiError(500, 'internal_error', 'Boom'),
    });
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    const toast = await findToast('Disconnection Error');
    expect(toast).toHaveTextContent('Failed to disconnect Gmail. Please try again.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByText('ana@gmail.com')).toBeInTheDocument();
    await advance(3000);
    expect(await screen.findByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });
});
