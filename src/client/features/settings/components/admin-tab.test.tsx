import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeGmailStatus, makeMailSend, makeSettings } from '@/test/fixtures';
import { type ApiCall, apiError, json, mockApi, type Routes } from '@/test/mock-api';
import { findToast, notifications, renderWithProviders } from '@/test/render';
import { GMAIL_NOT_AUTHORIZED } from '../../../../shared/schemas/mail-account.ts';
import { AdminTab } from './admin-tab';
import { renderSettingsPage } from './settings-page.test-helpers';

vi.setConfig({ testTimeout: 15_000 });
afterEach(() => vi.restoreAllMocks());

const NOTICE = 'Connect your Gmail account first to send password reset emails.';
const generateButton = () => screen.getByRole('button', { name: 'Generate Temporary Password' });
const sendButton = () => screen.getByRole('button', { name: 'Send by Email' });
const emailField = () => screen.getByRole('textbox', { name: 'User email' });

/** What the server answers for a user: a new password each time, valid 30 minutes. */
function generatedFor(call: ApiCall) {
  const { userEmail } = call.body as { userEmail: string };
  return {
    userEmail,
    temporaryPassword: 'Tmp-7Q4x-9KzP',
    expiresAt: '2026-03-08T15:30:00.000Z',
  };
}

const mailSend = makeMailSend({
  id: 44,
  to: 'jo@example.com',
  subject: 'Your temporary Hourbook password',
  attachmentName: null,
  timesheetId: null,
});

/** The Admin tab with its form loaded, the admin's Gmail as `gmail`. */
async function renderAdminTab(
  options: { gmail?: ReturnType<typeof makeGmailStatus>; routes?: Routes } = {},
) {
  const api = mockApi({
    'GET /api/auth/gmail/status': options.gmail ?? makeGmailStatus(),
    'GET /api/settings': makeSettings(),
    'POST /api/admin/temporary-password': generatedFor,
    'POST /api/admin/send-temp-password-email': json(mailSend, 202),
    'GET /api/send-email-gmail/44': {
      ...mailSend,
      status: 'sent',
      sentAt: '2026-03-08T15:01:00.000Z',
    },
    ...options.routes,
  });
  const result = renderWithProviders(<AdminTab />);
  await screen.findByRole('textbox', { name: 'User email' });
  return { ...result, api };
}

async function generate(email: string) {
  await userEvent.clear(emailField());
  await userEvent.type(emailField(), email);
  await waitFor(() => expect(generateButton()).toBeEnabled());
  await userEvent.click(generateButton());
}

describe('the Admin tab', () => {
  it('explains how administrators are managed on the server', async () => {
    await renderAdminTab();
    expect(screen.getByText('npm run admin -- grant EMAIL')).toBeInTheDocument();
    expect(screen.getByText('npm run admin -- revoke EMAIL')).toBeInTheDocument();
  });

  it('disables both buttons until Gmail is connected, and says how to connect or reset otherwise', async () => {
    await renderAdminTab({ gmail: makeGmailStatus({ authorized: false, email: null }) });
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Connect Gmail on the Export tab' })).toHaveAttribute(
      'href',
      '#export',
    );
    expect(screen.getByText('npm run admin -- reset-password EMAIL')).toBeInTheDocument();
  });

  it('links to the Export tab, where Gmail is connected', async () => {
    await renderSettingsPage({
      isAdmin: true,
      hash: '#admin',
      routes: { 'GET /api/auth/gmail/status': makeGmailStatus({ authorized: false, email: null }) },
    });
    await userEvent.click(
      await screen.findByRole('link', { name: 'Connect Gmail on the Export tab' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Export' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await screen.findByRole('button', { name: 'Connect Gmail' })).toBeInTheDocument();
  });

  it('treats an expired Gmail authorization as not connected', async () => {
    await renderAdminTab({ gmail: makeGmailStatus({ authorized: false, needsReauth: true }) });
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
  });

  it('enables the buttons and names the sending address once Gmail is connected', async () => {
    await renderAdminTab();
    await waitFor(() => expect(generateButton()).toBeEnabled());
    expect(sendButton()).toBeEnabled();
    expect(screen.getByText('E-mails are sent from ana@gmail.com.')).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('asks for a user e-mail address before generating', async () => {
    const { api } = await renderAdminTab();
    await waitFor(() => expect(generateButton()).toBeEnabled());
    await userEvent.click(generateButton());
    expect(screen.getByText('Please enter a user email address')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveFocus();
    expect(api.calls('POST /api/admin/temporary-password')).toHaveLength(0);
  });

  it('asks for a password to be generated before sending one', async () => {
    const { api } = await renderAdminTab();
    await waitFor(() => expect(sendButton()).toBeEnabled());
    await userEvent.click(sendButton());
    expect(screen.getByText('Please enter a user email address')).toBeInTheDocument();

    await userEvent.type(emailField(), 'jo@example.com');
    await userEvent.click(sendButton());
    expect(screen.getByText('Please generate a temporary password first')).toBeInTheDocument();
    expect(api.calls('POST /api/admin/send-temp-password-email')).toHaveLength(0);
  });

  it('lists a generated password with its expiry, so the admin can read and copy it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { api } = await renderAdminTab();
    await generate('  Jo@Example.com ');

    const list = await screen.findByRole('region', { name: 'Generated temporary passwords' });
    expect(api.calls('POST /api/admin/temporary-password')[0]?.body).toEqual({
      userEmail: 'jo@example.com',
    });
    expect(within(list).getByText('jo@example.com')).toBeInTheDocument();
    expect(within(list).getByText('Tmp-7Q4x-9KzP')).toBeInTheDocument();
    // 15:30 UTC in the user's zone (New York), in their 12-hour format.
    expect(within(list).getByText('Expires at 11:30 AM')).toBeInTheDocument();

    await userEvent.click(
      within(list).getByRole('button', { name: 'Copy temporary password for jo@example.com' }),
    );
    expect(writeText).toHaveBeenCalledWith('Tmp-7Q4x-9KzP');
    expect(
      within(list).getByRole('button', { name: 'Copied temporary password for jo@example.com' }),
    ).toBeInTheDocument();
  });

  it('sends the generated password, clears the list, and says so once the mail has gone', async () => {
    const { api } = await renderAdminTab({
      routes: {
        'GET /api/send-email-gmail/44': (call) => {
          const asked = api.calls(`GET ${call.url}`).length;
          return asked < 2 ? mailSend : { ...mailSend, status: 'sent' };
        },
      },
    });
    await generate('jo@example.com');
    await screen.findByText('Tmp-7Q4x-9KzP');

    await userEvent.click(sendButton());
    await waitFor(() =>
      expect(api.calls('POST /api/admin/send-temp-password-email')[0]?.body).toEqual({
        userEmail: 'jo@example.com',
        temporaryPassword: 'Tmp-7Q4x-9KzP',
      }),
    );
    expect(
      await screen.findByText('Sending the temporary password to jo@example.com…'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Tmp-7Q4x-9KzP')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Generated temporary passwords' }),
    ).not.toBeInTheDocument();

    // The second status read, one poll (SEND_POLL_MS) after the first, says it went.
    const toast = await findToast('Email Sent Successfully', { timeout: 5_000 });
    expect(toast).toHaveTextContent('The temporary password was sent to jo@example.com.');
    expect(api.calls('GET /api/send-email-gmail/44').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText(/Sending the temporary password/)).not.toBeInTheDocument();
  });

  it('shows the server error when a password cannot be generated', async () => {
    await renderAdminTab({
      routes: {
        'POST /api/admin/temporary-password': apiError(
          404,
          'not_found',
          'No user with this email address',
        ),
      },
    });
    await generate('nobody@example.com');
    const toast = await findToast('Generation Failed');
    expect(toast).toHaveTextContent('No user with this email address');
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.queryByRole('region', { name: 'Generated temporary passwords' }),
    ).not.toBeInTheDocument();
  });

  it('turns the buttons off with the notice when the server refuses to generate without Gmail', async () => {
    const { api } = await renderAdminTab({
      routes: {
        'POST /api/admin/temporary-password': apiError(
          409,
          'gmail_not_authorized',
          GMAIL_NOT_AUTHORIZED,
        ),
      },
    });
    api.use({ 'GET /api/auth/gmail/status': makeGmailStatus({ authorized: false, email: null }) });
    await generate('jo@example.com');
    const toast = await findToast('Generation Failed');
    expect(toast).toHaveTextContent(GMAIL_NOT_AUTHORIZED);
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
    expect(sendButton()).toBeDisabled();
    expect(screen.queryByText('Tmp-7Q4x-9KzP')).not.toBeInTheDocument();
  });

  it('shows the server error when the send is refused, and keeps the list', async () => {
    await renderAdminTab({
      routes: {
        'POST /api/admin/send-temp-password-email': apiError(
          400,
          'validation_failed',
          'This is not the latest temporary password for this user',
        ),
      },
    });
    await generate('jo@example.com');
    await screen.findByText('Tmp-7Q4x-9KzP');
    await userEvent.click(sendButton());
    const toast = await findToast('Failed to Send Email');
    expect(toast).toHaveTextContent('This is not the latest temporary password for this user');
    expect(screen.getByText('Tmp-7Q4x-9KzP')).toBeInTheDocument();
  });

  it('says the mail failed, with its reason, when the send ends failed', async () => {
    await renderAdminTab({
      routes: {
        'GET /api/send-email-gmail/44': {
          ...mailSend,
          status: 'failed',
          error: 'Recipient address rejected',
        },
      },
    });
    await generate('jo@example.com');
    await screen.findByText('Tmp-7Q4x-9KzP');
    await userEvent.click(sendButton());
    const toast = await findToast('Failed to Send Email');
    expect(toast).toHaveTextContent('Recipient address rejected');
  });

  it('says Gmail did not confirm the mail (it may have arrived), not that it failed', async () => {
    await renderAdminTab({
      routes: {
        'GET /api/send-email-gmail/44': {
          ...mailSend,
          status: 'unconfirmed',
          error: 'Gmail did not confirm this message. Check your Sent folder; send it again?',
        },
      },
    });
    await generate('jo@example.com');
    await screen.findByText('Tmp-7Q4x-9KzP');
    await userEvent.click(sendButton());
    const toast = await findToast('Gmail Did Not Confirm');
    expect(toast).toHaveTextContent('Check your Sent folder');
    expect(notifications()).not.toHaveTextContent('Failed to Send Email');
  });

  it('asks to reconnect Gmail and reads its status again when the server says it is not authorized', async () => {
    const { api } = await renderAdminTab({
      routes: {
        'POST /api/admin/send-temp-password-email': apiError(
          409,
          'gmail_not_authorized',
          GMAIL_NOT_AUTHORIZED,
        ),
      },
    });
    await generate('jo@example.com');
    await screen.findByText('Tmp-7Q4x-9KzP');
    const statusReads = api.calls('GET /api/auth/gmail/status').length;
    api.use({
      'GET /api/auth/gmail/status': makeGmailStatus({ authorized: false, needsReauth: true }),
    });

    await userEvent.click(sendButton());
    const toast = await findToast('Gmail Authorization Expired');
    expect(toast).toHaveTextContent('Please reconnect your Gmail account and try again.');
    await waitFor(() =>
      expect(api.calls('GET /api/auth/gmail/status').length).toBeGreaterThan(statusReads),
    );
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
  });

  it('asks to reconnect Gmail when a queued send fails for want of authorization', async () => {
    await renderAdminTab({
      routes: {
        'GET /api/send-email-gmail/44': {
          ...mailSend,
          status: 'failed',
          error: GMAIL_NOT_AUTHORIZED,
        },
      },
    });
    await generate('jo@example.com');
    await screen.findByText('Tmp-7Q4x-9KzP');
    await userEvent.click(sendButton());
    expect(await findToast('Gmail Authorization Expired')).toBeInTheDocument();
  });

  it('says when the Gmail status cannot be checked, and checks again on Retry', async () => {
    const { api } = await renderAdminTab({
      routes: { 'GET /api/auth/gmail/status': apiError(403, 'forbidden', 'Nope') },
    });
    expect(
      await screen.findByText('Could not check your Gmail connection.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
    api.use({ 'GET /api/auth/gmail/status': makeGmailStatus() });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(generateButton()).toBeEnabled());
  });
});
