import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { gmailStatusQueryKey } from '@/features/mail-account';
import { makeGmailStatus, makeMailSend, makeTimesheet } from '@/test/fixtures';
import { apiError, json, mockApi, type Routes } from '@/test/mock-api';
import { findToast, notifications, renderWithProviders } from '@/test/render';
import {
  ATTACHMENT_MAX_BYTES,
  GMAIL_NOT_AUTHORIZED,
  GMAIL_UNCONFIRMED,
} from '../../../../shared/schemas/mail-account.ts';
import { EmailMethodDialog, type EmailStep } from './email-method-dialog';
import type { EmailTarget } from './report-email';
import { captureLinks, reportFile } from './timesheet-reports.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

const target: EmailTarget = {
  timesheet: makeTimesheet(),
  downloadUrl: '/api/timesheets/7/download',
  to: 'payroll@acme.example',
};

function Harness({ start }: { start: EmailStep }) {
  const [open, setOpen] = useState(true);
  return (
    <EmailMethodDialog
      target={open ? target : null}
      senderName="Sam Rivera"
      start={start}
      onClose={() => setOpen(false)}
    />
  );
}

/** The Gmail message for Acme Studio's first week of March, Gmail connected as ana@gmail.com. */
async function openCompose(routes: Routes = {}, start: EmailStep = 'compose') {
  const api = mockApi({
    'GET /api/auth/gmail/status': makeGmailStatus(),
    'POST /api/send-email-gmail': () => json(makeMailSend(), 202),
    'GET /api/send-email-gmail/31': makeMailSend({
      status: 'sent',
      sentAt: '2026-03-08T10:00:01Z',
    }),
    'GET /api/timesheets/7/download': () => reportFile(),
    ...routes,
  });
  const view = renderWithProviders(<Harness start={start} />);
  const dialog = await screen.findByRole('dialog', { name: 'Compose Email' });
  // The sender's address shows once the status has come.
  await within(dialog).findByText('From ana@gmail.com (Gmail)');
  return { api, view, dialog };
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });
const sendButton = (dialog: HTMLElement, name = 'Send Email') =>
  within(dialog).getByRole('button', { name });
const fileInput = (dialog: HTMLElement) =>
  within(dialog).getByTestId('compose-attachment-file') as HTMLInputElement;

/** The multipart body of the n-th send (mockApi keeps only JSON bodies). */
function formSent(api: ReturnType<typeof mockApi>, n = 0): FormData {
  const sends = api.fetch.mock.calls.filter(
    ([url, init]) => String(url).endsWith('/api/send-email-gmail') && init?.method === 'POST',
  );
  const body = sends[n]?.[1]?.body;
  if (!(body instanceof FormData)) throw new Error('No multipart send');
  return body;
}

describe('the compose dialog', () => {
  it('starts with the recipient, the report’s subject and cover note, and the report attached', async () => {
    const { dialog } = await openCompose();
    expect(
      within(dialog).getByText('Acme Studio, Mar 1 – Mar 7, 2026 · 2 shifts · CSV'),
    ).toBeVisible();
    expect(field(dialog, 'To')).toHaveValue('payroll@acme.example');
    expect(field(dialog, 'Subject')).toHaveValue('Timesheet: Acme Studio Mar 1 – Mar 7, 2026');
    const body = (field(dialog, 'Message') as HTMLTextAreaElement).value;
    expect(body).toContain('Total due: $445.63');
    expect(body).toContain('Sam Rivera');
    const attachment = within(dialog).getByRole('group', { name: 'Attachment' });
    expect(attachment).toHaveTextContent('timesheet-acme-studio-2026-03-01.csv');
    expect(attachment).toHaveTextContent('The generated report');
    expect(fileInput(dialog)).toHaveAttribute('accept', '.pdf,.csv');
  });

  it('keeps Send unavailable, saying why, until there is a recipient and a subject', async () => {
    const { api, dialog } = await openCompose();
    await userEvent.clear(field(dialog, 'Subject'));
    const send = sendButton(dialog);
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(send).toHaveAccessibleDescription('Add a recipient and a subject to send.');
    await userEvent.click(send);
    await userEvent.type(field(dialog, 'Subject'), 'March');
    await userEvent.clear(field(dialog, 'To'));
    expect(send).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(send);
    expect(api.calls('POST /api/send-email-gmail')).toHaveLength(0);
    await userEvent.type(field(dialog, 'To'), 'a@acme.example');
    expect(send).not.toHaveAttribute('aria-disabled');
  });

  it('asks before throwing away what was written', async () => {
    const { dialog } = await openCompose();
    await userEvent.type(field(dialog, 'Message'), 'PS');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep Editing' }));
    expect((field(dialog, 'Message') as HTMLTextAreaElement).value).toMatch(/PS$/);
  });

  it('checks every address before sending', async () => {
    const { api, dialog } = await openCompose();
    await userEvent.type(field(dialog, 'To'), ', not-an-address');
    await userEvent.click(sendButton(dialog));
    expect(
      await within(dialog).findByText('Please enter a valid email address: not-an-address'),
    ).toBeVisible();
    expect(field(dialog, 'To')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /api/send-email-gmail')).toHaveLength(0);
  });

  it('sends the report by id, follows the queued send and says when it is sent', async () => {
    const { api, view, dialog } = await openCompose({
      'GET /api/send-email-gmail/31': makeMailSend(),
    });
    const invalidate = vi.spyOn(view.queryClient, 'invalidateQueries');
    await userEvent.clear(field(dialog, 'To'));
    await userEvent.type(field(dialog, 'To'), 'payroll@acme.example, boss@acme.example');
    await userEvent.click(sendButton(dialog));

    expect(api.calls('POST /api/send-email-gmail')[0]?.body).toEqual({
      to: 'payroll@acme.example, boss@acme.example',
      subject: 'Timesheet: Acme Studio Mar 1 – Mar 7, 2026',
      body: expect.stringContaining('Please find attached my timesheet for Acme Studio'),
      timesheetId: 7,
    });
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Sending to payroll@acme.example, boss@acme.example…',
    );
    expect(sendButton(dialog, 'Sending...')).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDisabled();
    expect(field(dialog, 'Subject')).toBeDisabled();

    // Gmail takes it: the next look (a second later) finds it sent.
    api.use({ 'GET /api/send-email-gmail/31': makeMailSend({ status: 'sent' }) });
    const toast = await within(notifications()).findByText(
      'Email Sent Successfully',
      {},
      { timeout: 3000 },
    );
    expect(toast.closest('li')).toHaveTextContent('The email to payroll@acme.test was sent.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/timesheets'] });
  });

  it('tells the user a send still queued after 10 s will go out when Gmail answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { api, dialog } = await openCompose({
      'GET /api/send-email-gmail/31': makeMailSend(),
    });
    await user.type(field(dialog, 'Subject'), '!');
    await user.click(sendButton(dialog));
    expect(await within(dialog).findByText(/^Sending to/)).toBeInTheDocument();
    // Async, so each poll's answer comes in before the next tick, as with real time.
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(within(dialog).getByText(/^Sending to/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Gmail has not answered yet. Your email to payroll@acme.example is queued and will be sent automatically when Gmail answers. You can close this dialog.',
    );
    expect(api.calls('GET /api/send-email-gmail/31').length).toBeGreaterThan(1);
    expect(within(dialog).queryByRole('button', { name: /Send/ })).toBeNull();
    const [, footerClose] = within(dialog).getAllByRole('button', { name: 'Close' });
    // Edited before sending, yet nothing is left to discard: it closes without asking.
    await user.click(footerClose!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    vi.useRealTimers();
  });

  it('says why Gmail failed to send it, and keeps the message as written', async () => {
    const { dialog } = await openCompose({
      'GET /api/send-email-gmail/31': makeMailSend({
        status: 'failed',
        error: 'Recipient address rejected',
      }),
    });
    await userEvent.type(field(dialog, 'Subject'), ' (final)');
    await userEvent.click(sendButton(dialog));
    // The words of docs/product/screens.md#messages in the toast; Gmail's reason stays in the dialog.
    expect(await findToast('Email Send Failed')).toHaveTextContent(
      'Failed to send email via Gmail. Please try again or use manual email.',
    );
    expect(dialog).toHaveTextContent('The email was not sent (Recipient address rejected).');
    expect(field(dialog, 'Subject')).toHaveValue(
      'Timesheet: Acme Studio Mar 1 – Mar 7, 2026 (final)',
    );
    expect(field(dialog, 'Subject')).toBeEnabled();
    expect(sendButton(dialog)).not.toHaveAttribute('aria-disabled');
  });

  it('asks, when Gmail did not confirm the message, and sends the same one again only on "Send again"', async () => {
    const { api, dialog } = await openCompose({
      'GET /api/send-email-gmail/31': makeMailSend({
        status: 'unconfirmed',
        error: GMAIL_UNCONFIRMED,
      }),
      'POST /api/send-email-gmail/31/resend': () => json(makeMailSend({ status: 'queued' }), 202),
    });
    await userEvent.click(sendButton(dialog));
    expect(await findToast('Gmail Did Not Confirm')).toHaveTextContent(GMAIL_UNCONFIRMED);
    expect(dialog).toHaveTextContent(
      'Gmail did not confirm this message. Check your Sent folder; send it again?',
    );
    // No second, new message from here: Send Email gives way to Close, "Send again" is the way.
    expect(within(dialog).queryByRole('button', { name: 'Send Email' })).toBeNull();
    expect(api.calls('POST /api/send-email-gmail/31/resend')).toHaveLength(0);
    // Queued again on the server from now on.
    api.use({ 'GET /api/send-email-gmail/31': makeMailSend({ status: 'queued' }) });
    const again = within(dialog).getByRole('button', { name: 'Send again' });
    again.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.calls('POST /api/send-email-gmail/31/resend')).toHaveLength(1));
    expect(api.calls('POST /api/send-email-gmail')).toHaveLength(1);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Sending to');
    api.use({ 'GET /api/send-email-gmail/31': makeMailSend({ status: 'sent' }) });
    expect(
      await within(notifications()).findByText('Email Sent Successfully', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says 'Gmail Authorization Expired' and rechecks the status when the grant died while queued", async () => {
    const { api, dialog } = await openCompose({
      'GET /api/send-email-gmail/31': makeMailSend({
        status: 'failed',
        error: 'Gmail not authorized. Please connect your Gmail account in Settings → Export.',
      }),
    });
    const before = api.calls('GET /api/auth/gmail/status').length;
    await userEvent.click(sendButton(dialog));
    expect(await findToast('Gmail Authorization Expired')).toHaveTextContent(
      'Please reconnect your Gmail account and try again.',
    );
    await waitFor(() =>
      expect(api.calls('GET /api/auth/gmail/status').length).toBeGreaterThan(before),
    );
  });

  it('sends once when Send is pressed twice at once', async () => {
    const { api, dialog } = await openCompose();
    const button = sendButton(dialog);
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(api.calls('POST /api/send-email-gmail')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls('POST /api/send-email-gmail')).toHaveLength(1);
  });

  it("says 'Gmail Not Connected' and sends nothing when the mailbox is not connected", async () => {
    const { api, view, dialog } = await openCompose();
    // Disconnected meanwhile (in Settings, in another tab).
    act(() => {
      view.queryClient.setQueryData(
        gmailStatusQueryKey,
        makeGmailStatus({ authorized: false, email: null }),
      );
    });
    await userEvent.click(sendButton(dialog));
    expect(await findToast('Gmail Not Connected')).toHaveTextContent(
      'Please connect your Gmail account first.',
    );
    expect(api.calls('POST /api/send-email-gmail')).toHaveLength(0);
    expect(within(dialog).getByRole('link', { name: 'Settings → Export' })).toHaveAttribute(
      'href',
      '/settings#export',
    );
    expect(within(dialog).getByRole('button', { name: 'Email manually instead' })).toBeVisible();
  });

  it("says 'Gmail Authorization Expired' when the server finds the mailbox disconnected, and rechecks it", async () => {
    const { api, dialog } = await openCompose({
      'POST /api/send-email-gmail': apiError(409, 'gmail_not_authorized', GMAIL_NOT_AUTHORIZED),
    });
    const before = api.calls('GET /api/auth/gmail/status').length;
    await userEvent.type(field(dialog, 'Message'), 'PS: thanks!');
    await userEvent.click(sendButton(dialog));
    expect(await findToast('Gmail Authorization Expired')).toHaveTextContent(
      'Please reconnect your Gmail account and try again.',
    );
    await waitFor(() =>
      expect(api.calls('GET /api/auth/gmail/status').length).toBeGreaterThan(before),
    );
    expect((field(dialog, 'Message') as HTMLTextAreaElement).value).toMatch(/PS: thanks!$/);
    expect(within(dialog).getByText(/Your Gmail connection has expired/)).toBeVisible();
  });

  it("shows the server's field messages under their fields", async () => {
    const { dialog } = await openCompose({
      'POST /api/send-email-gmail': apiError(400, 'validation_failed', 'Check the message', {
        to: 'At most 10 recipients',
        attachment: 'Please choose a generated timesheet to attach',
      }),
    });
    await userEvent.click(sendButton(dialog));
    expect(await within(dialog).findByText('At most 10 recipients')).toBeVisible();
    expect(field(dialog, 'To')).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, 'To')).toHaveFocus();
    expect(
      within(within(dialog).getByRole('group', { name: 'Attachment' })).getByText(
        'Please choose a generated timesheet to attach',
      ),
    ).toBeVisible();
    expect(within(notifications()).queryByText('Email Send Failed')).toBeNull();
  });

  it("says 'Email Send Failed' when the send fails, and the manual way stays open with what was written", async () => {
    const links = captureLinks();
    const { dialog } = await openCompose({
      'POST /api/send-email-gmail': apiError(500, 'internal_error', 'Something went wrong'),
    });
    await userEvent.clear(field(dialog, 'Subject'));
    await userEvent.type(field(dialog, 'Subject'), 'March timesheet');
    await userEvent.click(sendButton(dialog));
    expect(await findToast('Email Send Failed')).toHaveTextContent(
      'Failed to send email via Gmail. Please try again or use manual email.',
    );
    expect(field(dialog, 'Subject')).toHaveValue('March timesheet');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Email manually instead' }));
    const chooser = await screen.findByRole('dialog', { name: 'Email the Report' });
    // Gmail again, and back: the message is as it was left.
    await userEvent.click(within(chooser).getByRole('button', { name: 'Send with Gmail' }));
    const again = await screen.findByRole('dialog', { name: 'Compose Email' });
    expect(field(again, 'Subject')).toHaveValue('March timesheet');
    await userEvent.click(within(again).getByRole('button', { name: 'Back' }));

    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Email the Report' })).getByRole('button', {
        name: 'Download and email manually',
      }),
    );
    await waitFor(() => expect(links.followed).toHaveLength(2));
    const mail = new URL(links.followed[1]?.href ?? '');
    expect(mail.searchParams.get('subject')).toBe('March timesheet');
  });
});

describe('the attachment', () => {
  it('can be a PDF or CSV file of the user’s, sent as multipart, and back to the report', async () => {
    const { api, dialog } = await openCompose({
      'POST /api/send-email-gmail': () =>
        json(makeMailSend({ id: 32, timesheetId: null, attachmentName: 'hours.pdf' }), 202),
      'GET /api/send-email-gmail/32': makeMailSend({ id: 32, status: 'sent' }),
    });
    const attachment = within(dialog).getByRole('group', { name: 'Attachment' });
    const pdf = new File(['%PDF-1.7'], 'hours.pdf', { type: 'application/pdf' });
    await userEvent.upload(fileInput(dialog), pdf);
    expect(attachment).toHaveTextContent('hours.pdf');
    expect(attachment).toHaveTextContent('Your file, 8 B');

    await userEvent.click(
      within(attachment).getByRole('button', { name: 'Attach the report instead' }),
    );
    expect(attachment).toHaveTextContent('timesheet-acme-studio-2026-03-01.csv');
    await userEvent.upload(fileInput(dialog), pdf);

    await userEvent.click(sendButton(dialog));
    await findToast('Email Sent Successfully', { timeout: 3_000 });
    const form = formSent(api);
    expect(form.get('to')).toBe('payroll@acme.example');
    expect(form.get('subject')).toBe('Timesheet: Acme Studio Mar 1 – Mar 7, 2026');
    expect(form.get('attachmentName')).toBe('hours.pdf');
    expect(form.get('timesheetId')).toBeNull();
    expect((form.get('attachment') as File).name).toBe('hours.pdf');
  });

  it("refuses another type with 'Invalid File Type'", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { dialog } = await openCompose();
    await user.upload(fileInput(dialog), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(await findToast('Invalid File Type')).toHaveTextContent(
      'Please select a PDF or CSV file.',
    );
    expect(within(dialog).getByRole('group', { name: 'Attachment' })).toHaveTextContent(
      'The generated report',
    );
  });

  it('takes a CSV file however the system names its type', async () => {
    const { dialog } = await openCompose();
    const csv = new File(['a,b'], 'hours.CSV', { type: 'application/vnd.ms-excel' });
    await userEvent.upload(fileInput(dialog), csv);
    expect(within(dialog).getByRole('group', { name: 'Attachment' })).toHaveTextContent(
      'hours.CSV',
    );
  });

  it("refuses a file of 10MB or more with 'File Too Large'", async () => {
    const { dialog } = await openCompose();
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: ATTACHMENT_MAX_BYTES });
    await userEvent.upload(fileInput(dialog), big);
    expect(await findToast('File Too Large')).toHaveTextContent(
      'Please select a file smaller than 10MB.',
    );
    expect(within(dialog).getByRole('group', { name: 'Attachment' })).not.toHaveTextContent(
      'big.pdf',
    );
  });

  it('says so when the server finds the file too large', async () => {
    const { dialog } = await openCompose({
      'POST /api/send-email-gmail': apiError(413, 'too_large', 'Request body is too large'),
    });
    await userEvent.upload(
      fileInput(dialog),
      new File(['%PDF'], 'hours.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(sendButton(dialog));
    expect(await findToast('File Too Large')).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('group', { name: 'Attachment' })).getByText(
        'Please select a file smaller than 10MB.',
      ),
    ).toBeVisible();
  });
});
