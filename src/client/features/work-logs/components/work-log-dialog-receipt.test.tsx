import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeEmployer, makeWorkLog } from '@/test/fixtures';
import { apiError, json } from '@/test/mock-api';
import { findToast } from '@/test/render';
import { chooseEmployer, mockDialogApi, openDialog } from './work-log-dialog.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

await import('./work-log-form-body');

const cafe = makeEmployer({ id: 5, name: 'Harbor Cafe', hourlyRate: '20.00' });
const receiptFile = (name = 'Garage.pdf', size = 1500) =>
  new File([new Uint8Array(size).fill(37)], name, { type: 'application/pdf' });
const saved = makeWorkLog({ id: 31, employerId: 5, expenseAmount: '8.75', expenseNote: 'Parking' });
const withReceipt = makeWorkLog({
  ...saved,
  expenses: '8.75',
  receipt: {
    name: 'Garage.pdf',
    size: 1500,
    contentType: 'application/pdf',
    createdAt: '2026-11-02T10:00:00.000Z',
  },
});

const openTips = async () => {
  await userEvent.click(await screen.findByText('Tips and expenses'));
};

describe('the receipt of an expense in the dialog', () => {
  it('is offered once there is an amount, and sent after the shift is saved', async () => {
    const api = mockDialogApi({
      employers: [cafe],
      routes: {
        'POST /api/work-logs': () => json(saved, 201),
        'PUT /api/work-logs/31/receipt': () =>
          json({ ...withReceipt.receipt, name: 'Garage.pdf' }, 200),
      },
    });
    const { onOpenChange } = openDialog();
    await chooseEmployer('Harbor Cafe');
    await openTips();
    expect(screen.queryByLabelText('Receipt')).toBeNull();
    await userEvent.type(screen.getByLabelText('Expense to be paid back'), '8.75');
    await userEvent.type(screen.getByLabelText('What for'), 'Parking');
    const input = screen.getByLabelText('Receipt');
    expect(input).toHaveAccessibleDescription(/A PDF, PNG, JPEG or WebP file up to 5 MB/);
    await userEvent.upload(input, receiptFile());
    expect(screen.getByText('Garage.pdf')).toBeVisible();
    expect(screen.getByText('(1 KB)')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [put] = api.calls('PUT /api/work-logs/31/receipt');
    const sent = put?.form?.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('Garage.pdf');
    // The shift first, then its receipt.
    expect(api.calls('POST /api/work-logs')).toHaveLength(1);
  });

  it('refuses an empty file before sending anything', async () => {
    const api = mockDialogApi({ employers: [cafe] });
    openDialog({ workLog: saved });
    // A shift with an expense opens with its tips and expenses shown.
    await userEvent.upload(await screen.findByLabelText('Receipt'), receiptFile('empty.pdf', 0));
    expect(await screen.findByText('This file is empty. Please choose another one.')).toBeVisible();
    expect(screen.getByLabelText('Receipt')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PUT /api/work-logs/31/receipt')).toEqual([]);
  });

  it('shows the saved receipt as a download, and removes it when asked', async () => {
    const api = mockDialogApi({
      employers: [cafe],
      routes: {
        'PATCH /api/work-logs/31': () => json(withReceipt),
        'DELETE /api/work-logs/31/receipt': () => json({ success: true }),
      },
    });
    const { onOpenChange } = openDialog({ workLog: withReceipt });
    const link = await screen.findByRole('link', { name: 'Garage.pdf' });
    expect(link).toHaveAttribute('href', '/api/work-logs/31/receipt');
    expect(link).toHaveAttribute('download');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Garage.pdf' }));
    expect(screen.getByText('Garage.pdf will be removed when you save.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Update Work Log' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.calls('DELETE /api/work-logs/31/receipt')).toHaveLength(1);
  });

  it('says the shift is saved when the server refuses the receipt', async () => {
    const api = mockDialogApi({
      employers: [cafe],
      routes: {
        'PATCH /api/work-logs/31': () => json(saved),
        'PUT /api/work-logs/31/receipt': apiError(
          400,
          'validation_failed',
          'Please choose a PDF, PNG, JPEG or WebP file',
        ),
      },
    });
    const { onOpenChange } = openDialog({ workLog: saved });
    await userEvent.upload(await screen.findByLabelText('Receipt'), receiptFile('fake.pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Update Work Log' }));
    await waitFor(() => expect(api.calls('PUT /api/work-logs/31/receipt')).toHaveLength(1), {
      timeout: 4000,
    });
    const refused = await findToast('Work log saved, but the receipt was not attached');
    expect(refused).toHaveTextContent(
      'Please choose a PDF, PNG, JPEG or WebP file. Open the shift to attach it again.',
    );
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
