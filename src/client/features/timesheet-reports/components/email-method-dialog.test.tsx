import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeGmailStatus, makeMailSend } from '@/test/fixtures';
import { json } from '@/test/mock-api';
import { findToast } from '@/test/render';
import { mockReportsApi, openPage, storeAcmeWeek } from './timesheet-reports.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

/** Generates Acme Studio's week with "Email report" on, and returns the method dialog. */
async function generateForEmail(gmail = makeGmailStatus()) {
  storeAcmeWeek({ emailReport: true, emailTo: 'payroll@acme.example' });
  const api = mockReportsApi({
    gmail,
    routes: {
      'POST /api/send-email-gmail': () => json(makeMailSend(), 202),
      'GET /api/send-email-gmail/31': makeMailSend({ status: 'sent' }),
    },
  });
  await openPage();
  await userEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
  const dialog = await screen.findByRole('dialog', { name: 'Email the Report' });
  return { api, dialog };
}

describe('choosing how to email the report', () => {
  it('offers Gmail first, from the connected address, above the manual way', async () => {
    const { dialog } = await generateForEmail();
    const gmail = await within(dialog).findByRole('button', { name: 'Send with Gmail' });
    expect(gmail).toHaveAccessibleDescription(
      'Sends from ana@gmail.com with the report attached. You can review the message before it is sent.',
    );
    const manual = within(dialog).getByRole('button', { name: 'Download and email manually' });
    // Gmail comes first in reading (and tab) order.
    expect(gmail.compareDocumentPosition(manual) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('opens the message to the form’s recipient, and Back returns to the choice', async () => {
    const { dialog } = await generateForEmail();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Send with Gmail' }));
    const compose = await screen.findByRole('dialog', { name: 'Compose Email' });
    expect(screen.queryByRole('dialog', { name: 'Email the Report' })).toBeNull();
    expect(within(compose).getByRole('textbox', { name: 'To' })).toHaveValue(
      'payroll@acme.example',
    );
    expect(within(compose).getByRole('textbox', { name: 'To' })).toHaveFocus();
    await userEvent.click(within(compose).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Email the Report' })).toBeVisible();
  });

  it('sends it, then gives focus back to Generate Report', async () => {
    const { api, dialog } = await generateForEmail();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Send with Gmail' }));
    const compose = await screen.findByRole('dialog', { name: 'Compose Email' });
    await userEvent.click(within(compose).getByRole('button', { name: 'Send Email' }));
    expect(await findToast('Email Sent Successfully', { timeout: 3_000 })).toBeInTheDocument();
    expect(api.calls('POST /api/send-email-gmail')[0]?.body).toMatchObject({
      to: 'payroll@acme.example',
      timesheetId: 7,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: /^Generat/ })).toHaveFocus());
  });

  it('says how to connect Gmail when it is not connected', async () => {
    const { dialog } = await generateForEmail(makeGmailStatus({ authorized: false, email: null }));
    expect(await within(dialog).findByText(/to send reports from the app\.$/)).toHaveTextContent(
      'Connect your Gmail account in Settings → Export to send reports from the app.',
    );
    expect(within(dialog).getByRole('link', { name: 'Settings → Export' })).toHaveAttribute(
      'href',
      '/settings#export',
    );
    expect(within(dialog).queryByRole('button', { name: 'Send with Gmail' })).toBeNull();
    expect(
      within(dialog).getByRole('button', { name: 'Download and email manually' }),
    ).toBeVisible();
  });

  it('says Gmail needs reconnecting when its authorization has expired', async () => {
    const { dialog } = await generateForEmail(
      makeGmailStatus({ authorized: false, needsReauth: true }),
    );
    expect(await within(dialog).findByText(/needs reconnecting/)).toHaveTextContent(
      'Your Gmail connection needs reconnecting. Reconnect it in Settings → Export to send reports from the app.',
    );
    expect(within(dialog).getByRole('link', { name: 'Settings → Export' })).toHaveAttribute(
      'href',
      '/settings#export',
    );
    expect(within(dialog).queryByRole('button', { name: 'Send with Gmail' })).toBeNull();
  });

  it('offers nothing to connect when this server has no Gmail set up', async () => {
    const { dialog } = await generateForEmail(
      makeGmailStatus({ authorized: false, email: null, configured: false }),
    );
    expect(
      within(dialog).getByRole('button', { name: 'Download and email manually' }),
    ).toBeVisible();
    await waitFor(() => expect(within(dialog).queryByRole('status')).toBeNull());
    expect(within(dialog).queryByText(/Gmail/)).toBeNull();
  });
});
