import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSettings } from '@/test/fixtures';
import { apiError, json, mockApi } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import type { Payment, PaymentSaved } from '../../../../shared/schemas/payments.ts';
import { makeLedger, makePayment } from './pay.test-helpers';
import { PaymentDialog, type PaymentDialogTarget } from './payment-dialog';

const saved = (overrides: Partial<PaymentSaved> = {}): PaymentSaved => ({
  ...makePayment(),
  matched: 'auto',
  ...overrides,
});

function open(target: PaymentDialogTarget, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/settings': makeSettings(),
    'GET /api/payments/ledger': makeLedger(),
    'GET /api/payments': { payments: [] },
    ...routes,
  });
  const closed: number[] = [];
  const result = renderWithProviders(
    <PaymentDialog
      target={target}
      ledger={makeLedger()}
      currency="USD"
      today="2026-11-26"
      onClose={() => closed.push(1)}
    />,
  );
  return { api, closed, ...result };
}

const dialog = () => screen.getByRole('dialog');
const amount = () => screen.getByRole('textbox', { name: 'Amount' });
const submit = (name = 'Record payment') =>
  userEvent.click(within(dialog()).getByRole('button', { name }));

describe('the Record payment dialog', () => {
  it('checks the fields with the server words before sending anything', async () => {
    const { api } = open({ kind: 'new' });
    // One employer: it is chosen already.
    expect(screen.getByRole('combobox', { name: 'Employer' })).toHaveTextContent('St. Mary');
    expect(screen.getByRole('button', { name: /^Received on/ })).toHaveTextContent(
      'Thu, Nov 26, 2026',
    );
    await userEvent.type(amount(), '1.234');
    await submit();
    expect(screen.getByText('Amount must be a positive amount like 1250.00')).toBeVisible();
    expect(amount()).toHaveAttribute('aria-invalid', 'true');
    expect(amount()).toHaveFocus();
    await userEvent.click(screen.getByRole('radio', { name: 'Choose periods' }));
    await userEvent.clear(amount());
    await userEvent.type(amount(), '10');
    await submit();
    expect(screen.getByText('Choose a pay period of this employer')).toBeVisible();
    expect(api.calls('POST /api/payments')).toEqual([]);
  });

  it('lets the server match by amount and date, and says what it paid', async () => {
    const { api, closed, queryClient } = open(
      { kind: 'new' },
      {
        'POST /api/payments': () =>
          json(
            saved({
              amountCents: 72_000,
              allocations: [
                { periodStart: '2026-10-14', periodEnd: '2026-10-27', amountCents: 72_000 },
              ],
            }),
            201,
          ),
      },
    );
    queryClient.setQueryData(['/api/payments/ledger'], makeLedger());
    queryClient.setQueryData(['/api/payments'], []);
    await userEvent.type(amount(), '720.00');
    await userEvent.type(screen.getByRole('textbox', { name: 'Reference' }), 'ACH 1030');
    await submit();
    await findToast('Payment recorded: pays Oct 14 – Oct 27, 2026');
    expect(api.calls('POST /api/payments')[0]?.body).toEqual({
      employerId: 1,
      amount: '720.00',
      receivedOn: '2026-11-26',
      method: 'bank',
      reference: 'ACH 1030',
      note: null,
    });
    await waitFor(() => expect(closed).toHaveLength(1));
    // The ledger (the dashboard's card reads it too) and the list are to be read again.
    expect(queryClient.getQueryState(['/api/payments/ledger'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['/api/payments'])?.isInvalidated).toBe(true);
  });

  it('says when the server could not match it', async () => {
    open(
      { kind: 'new' },
      {
        'POST /api/payments': () =>
          json(saved({ matched: 'none', allocations: [], unallocatedCents: 10_000 }), 201),
      },
    );
    await userEvent.type(amount(), '100');
    await submit();
    await findToast('Payment recorded: not matched — choose its periods');
  });

  it('prefills a period: its employer, what it is still owed, and that period chosen', async () => {
    const { api } = open(
      { kind: 'new', employerId: 1, amountCents: 3_750, periodStart: '2026-10-28' },
      { 'POST /api/payments': () => json(saved({ matched: 'given' }), 201) },
    );
    expect(amount()).toHaveValue('37.50');
    expect(screen.getByRole('radio', { name: 'Choose periods' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Oct 28 – Nov 10, 2026' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Amount for Oct 28 – Nov 10, 2026' })).toHaveValue(
      '37.50',
    );
    // Another period, capped to what is left of the payment: nothing, so it waits for an amount.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Oct 14 – Oct 27, 2026' }));
    expect(screen.getByRole('textbox', { name: 'Amount for Oct 14 – Oct 27, 2026' })).toHaveValue(
      '',
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Amount for Oct 14 – Oct 27, 2026' }),
      '5',
    );
    await submit();
    expect(screen.getByText('The parts add up to more than the payment')).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Oct 14 – Oct 27, 2026' }));
    await submit();
    await findToast(/^Payment recorded: pays/);
    expect(api.calls('POST /api/payments')[0]?.body).toMatchObject({
      employerId: 1,
      amount: '37.50',
      allocations: [{ periodStart: '2026-10-28', amount: '37.50' }],
    });
  });

  it('fills a chosen period with what it is owed, up to what is left of the payment', async () => {
    open({ kind: 'new' });
    await userEvent.type(amount(), '20');
    await userEvent.click(screen.getByRole('radio', { name: 'Choose periods' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Oct 28 – Nov 10, 2026' }));
    expect(screen.getByRole('textbox', { name: 'Amount for Oct 28 – Nov 10, 2026' })).toHaveValue(
      '20.00',
    );
  });

  it("puts the server's field messages under their fields", async () => {
    open(
      { kind: 'new' },
      {
        'POST /api/payments': () =>
          apiError(400, 'validation_failed', 'Choose a pay period of St. Mary', {
            allocations: 'Choose a pay period of St. Mary',
          }),
      },
    );
    await userEvent.type(amount(), '10');
    await userEvent.click(screen.getByRole('radio', { name: 'Choose periods' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Oct 14 – Oct 27, 2026' }));
    await submit();
    const message = await within(dialog()).findByText('Choose a pay period of St. Mary');
    expect(message).toHaveAttribute('id', 'payment-pays-error');
    expect(dialog()).toBeInTheDocument();
  });
});

describe('the Edit payment dialog', () => {
  const payment: Payment = makePayment();

  it('sends only what changed of the amount and the date, keeping its periods', async () => {
    const { api } = open(
      { kind: 'edit', payment },
      { 'PATCH /api/payments/2': () => json(saved({ matched: 'given' })) },
    );
    expect(screen.getByRole('combobox', { name: 'Employer' })).toBeDisabled();
    expect(amount()).toHaveValue('682.50');
    expect(screen.getByRole('radio', { name: 'Match automatically' })).toBeChecked();
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'Short one shift?');
    await submit('Save payment');
    await findToast('Payment saved');
    expect(api.calls('PATCH /api/payments/2')[0]?.body).toEqual({
      method: 'bank',
      reference: 'ACH 1113',
      note: 'Short one shift?',
    });
  });

  it('"Match" opens on the periods, the part it holds already ticked', async () => {
    const unmatched = makePayment({ allocations: [], unallocatedCents: 68_250 });
    const { api } = open(
      { kind: 'edit', payment: unmatched, choosePeriods: true },
      { 'PATCH /api/payments/2': () => json(saved({ matched: 'given' })) },
    );
    expect(screen.getByRole('radio', { name: 'Choose periods' })).toBeChecked();
    const newer = screen.getByRole('checkbox', { name: 'Oct 28 – Nov 10, 2026' });
    await waitFor(() => expect(newer).toHaveFocus());
    await userEvent.click(newer);
    // It is owed $37.50 more than it received.
    expect(screen.getByRole('textbox', { name: 'Amount for Oct 28 – Nov 10, 2026' })).toHaveValue(
      '37.50',
    );
    await userEvent.clear(
      screen.getByRole('textbox', { name: 'Amount for Oct 28 – Nov 10, 2026' }),
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Amount for Oct 28 – Nov 10, 2026' }),
      '682.50',
    );
    await submit('Save payment');
    await findToast('Payment saved');
    expect(api.calls('PATCH /api/payments/2')[0]?.body).toMatchObject({
      allocations: [{ periodStart: '2026-10-28', amount: '682.50' }],
    });
    expect(api.calls('PATCH /api/payments/2')[0]?.body).not.toHaveProperty('amount');
  });
});

describe('a pay stub or invoice on the payment', () => {
  const pdf = (name = 'Nov stub.pdf', bytes = 2_048) =>
    new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
  const fileInput = () => screen.getByLabelText('Pay stub or invoice');
  const stubbed = (overrides: Partial<PaymentSaved> = {}) =>
    saved({ id: 7, matched: 'auto', ...overrides });

  it('records the payment, then attaches the file chosen, and closes', async () => {
    const { api, closed } = open(
      { kind: 'new' },
      {
        'POST /api/payments': () => json(stubbed(), 201),
        'PUT /api/payments/7/file': () =>
          json({
            name: 'Nov stub.pdf',
            size: 2_048,
            contentType: 'application/pdf',
            createdAt: '2026-11-26T15:00:00.000Z',
          }),
      },
    );
    expect(fileInput()).toHaveAccessibleDescription(
      'Optional. A PDF, PNG, JPEG or WebP file up to 5 MB.',
    );
    await userEvent.type(amount(), '682.50');
    await userEvent.upload(fileInput(), pdf());
    expect(within(dialog()).getByText('Nov stub.pdf')).toBeVisible();
    expect(within(dialog()).getByText('(2 KB)')).toBeVisible();
    await submit();
    await findToast(/^Payment recorded: pays/);
    const [put] = api.calls('PUT /api/payments/7/file');
    const sent = put?.form?.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('Nov stub.pdf');
    expect(api.calls('POST /api/payments')).toHaveLength(1);
    await waitFor(() => expect(closed).toHaveLength(1));
  });

  it('keeps the payment when the file is refused, says why, and sends only the file again', async () => {
    let tries = 0;
    const { api, closed } = open(
      { kind: 'new' },
      {
        'POST /api/payments': () => json(stubbed(), 201),
        'PUT /api/payments/7/file': () =>
          ++tries === 1
            ? apiError(400, 'validation_failed', 'Please choose a PDF, PNG, JPEG or WebP file')
            : json({
                name: 'real.pdf',
                size: 2_048,
                contentType: 'application/pdf',
                createdAt: '2026-11-26T15:00:00.000Z',
              }),
      },
    );
    await userEvent.type(amount(), '682.50');
    await userEvent.upload(fileInput(), pdf('fake.pdf'));
    await submit();
    await findToast('Payment recorded, but the file was not attached');
    const message =
      'The payment was saved, but the file was not attached: Please choose a PDF, PNG, JPEG or WebP file';
    expect(await within(dialog()).findByText(message)).toBeVisible();
    expect(fileInput()).toHaveAttribute('aria-invalid', 'true');
    expect(fileInput()).toHaveFocus();
    expect(closed).toEqual([]);
    // Saved now: the dialog saves it as it is, never as a second payment.
    await userEvent.upload(fileInput(), pdf('real.pdf'));
    await submit('Try Again');
    await waitFor(() => expect(closed).toHaveLength(1));
    expect(api.calls('POST /api/payments')).toHaveLength(1);
    expect(api.calls('PATCH /api/payments/7')).toEqual([]);
    expect(api.calls('PUT /api/payments/7/file')).toHaveLength(2);
  });

  it('refuses an empty file or one over 5 MB before sending anything', async () => {
    const { api } = open({ kind: 'new' });
    await userEvent.upload(fileInput(), pdf('empty.pdf', 0));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'This file is empty. Please choose another one.',
    );
    await userEvent.upload(fileInput(), pdf('big.pdf', 5 * 1024 * 1024 + 1));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(
      'Please choose a file smaller than 5 MB',
    );
    expect(within(dialog()).queryByText('big.pdf')).toBeNull();
    expect(api.calls('PUT /api/payments/7/file')).toEqual([]);
  });

  it('shows the saved file with its size, and Remove removes it on save', async () => {
    const payment = makePayment({
      file: {
        name: 'October.png',
        size: 1_536_000,
        contentType: 'image/png',
        createdAt: '2026-11-13T15:00:00.000Z',
      },
    });
    const { api } = open(
      { kind: 'edit', payment },
      {
        'PATCH /api/payments/2': () => json(saved({ matched: 'given' })),
        'DELETE /api/payments/2/file': () => json({ success: true }),
      },
    );
    expect(within(dialog()).getByText('October.png')).toBeVisible();
    expect(within(dialog()).getByText('(1.5 MB)')).toBeVisible();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Remove October.png' }));
    expect(within(dialog()).getByText(/October\.png will be removed when you save/)).toBeVisible();
    await submit('Save payment');
    await findToast('Payment saved');
    expect(api.calls('DELETE /api/payments/2/file')).toHaveLength(1);
  });

  it('sends nothing for the file when it was left as it was', async () => {
    const { api } = open(
      { kind: 'edit', payment: makePayment() },
      { 'PATCH /api/payments/2': () => json(saved({ matched: 'given' })) },
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Note' }), 'x');
    await submit('Save payment');
    await findToast('Payment saved');
    expect(api.calls().filter((c) => c.url.endsWith('/file'))).toEqual([]);
  });
});
