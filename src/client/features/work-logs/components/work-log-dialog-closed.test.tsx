import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeWorkLog } from '@/test/fixtures';
import { apiError, json } from '@/test/mock-api';
import { mockDialogApi, openDialog } from './work-log-dialog.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

await import('./work-log-form-body');

const closedMessage =
  'The pay period Sun, Mar 1, 2026 – Sat, Mar 14, 2026 at Acme Studio is closed: reopen it to change its shifts.';
const closed = () =>
  apiError(409, 'period_closed', closedMessage, {
    closedEmployerId: '1',
    closedPeriodStart: '2026-03-01',
  });

describe('a shift of a closed pay period', () => {
  it('asks why to reopen the period, reopens it with that reason, then saves', async () => {
    let patches = 0;
    const api = mockDialogApi({
      routes: {
        'PATCH /api/work-logs/10': () => (++patches === 1 ? closed() : json(makeWorkLog())),
        'POST /api/payments/periods/reopen': json({ success: true }),
      },
    });
    const { onOpenChange } = openDialog({ workLog: makeWorkLog() });
    const note = await screen.findByLabelText('Note (optional)');
    await userEvent.type(note, 'Covered for Sam');
    await userEvent.click(screen.getByRole('button', { name: 'Update Work Log' }));
    const panel = await screen.findByTestId('reopen-period');
    expect(panel).toHaveTextContent(closedMessage);
    const reason = screen.getByLabelText('Why reopen it?');
    await waitFor(() => expect(reason).toHaveFocus());
    // A reason is required, in the server's words.
    await userEvent.click(screen.getByRole('button', { name: 'Reopen and save' }));
    expect(
      screen.getByText('Say why the period is reopened (at most 500 characters)'),
    ).toBeVisible();
    expect(api.calls('POST /api/payments/periods/reopen')).toHaveLength(0);
    await userEvent.type(reason, 'A shift was missing');
    await userEvent.click(screen.getByRole('button', { name: 'Reopen and save' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.calls('POST /api/payments/periods/reopen')[0]?.body).toEqual({
      employerId: 1,
      periodStart: '2026-03-01',
      reason: 'A shift was missing',
    });
    const sent = api.calls('PATCH /api/work-logs/10');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toMatchObject({ note: 'Covered for Sam' });
  });

  it('goes back to the form, unsaved and unchanged, when the user does not reopen', async () => {
    const api = mockDialogApi({ routes: { 'PATCH /api/work-logs/10': closed } });
    openDialog({ workLog: makeWorkLog() });
    await userEvent.type(await screen.findByLabelText('Note (optional)'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Update Work Log' }));
    await screen.findByTestId('reopen-period');
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.queryByTestId('reopen-period')).toBeNull();
    expect(screen.getByLabelText('Note (optional)')).toHaveValue('x');
    expect(api.calls('POST /api/payments/periods/reopen')).toHaveLength(0);
  });
});
