import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeWorkLog } from '@/test/fixtures';
import { json, mockApi } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import { DuplicateWorkLogDialog } from './duplicate-work-log-dialog';

const log = makeWorkLog({ id: 41, date: '2026-03-02', startTime: '09:00', endTime: '17:00' });

function open() {
  const onClose = vi.fn();
  renderWithProviders(
    <DuplicateWorkLogDialog workLogs={[log]} timeFormat="24-hour" onClose={onClose} />,
  );
  return onClose;
}

async function addDate(date: string) {
  const box = screen.getByLabelText('Date (YYYY-MM-DD)');
  await userEvent.clear(box);
  await userEvent.type(box, `${date}{Enter}`);
}

const chips = () =>
  within(screen.getByRole('list', { name: 'Dates to copy to' }))
    .getAllByRole('listitem')
    .map((chip) => chip.textContent);

describe('Duplicate shift', () => {
  it('adds dates in order, refuses a bad or repeated one, and removes a chip', async () => {
    mockApi({});
    open();
    await addDate('2026-03-05');
    await addDate('2026-03-04');
    expect(chips()).toEqual(['Wed, Mar 4, 2026', 'Thu, Mar 5, 2026']);
    await addDate('2026-03-04');
    expect(screen.getByText('That date is already in the list')).toBeVisible();
    await addDate('2026-02-30');
    expect(screen.getByText('Type a date as YYYY-MM-DD, for example 2026-12-01')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Wed, Mar 4, 2026' }));
    expect(chips()).toEqual(['Thu, Mar 5, 2026']);
  });

  it('sends every date in one request and closes with a toast', async () => {
    const api = mockApi({
      'POST /api/work-logs/41/duplicate': () =>
        json(
          [
            makeWorkLog({ id: 50, date: '2026-03-04' }),
            makeWorkLog({ id: 51, date: '2026-03-05' }),
          ],
          201,
        ),
    });
    const onClose = open();
    await addDate('2026-03-05');
    await addDate('2026-03-04');
    await userEvent.click(screen.getByRole('button', { name: 'Copy to 2 dates' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls('POST /api/work-logs/41/duplicate').map((c) => c.body)).toEqual([
      { dates: ['2026-03-04', '2026-03-05'] },
    ]);
    await findToast('Shift copied to 2 dates');
  });

  it("shows the server's refusal in words and keeps the dates", async () => {
    const message =
      'Thu, Mar 5, 2026: Your Acme Studio shift on Thu, Mar 5, 2026, 10:00 – 12:00 overlaps this one; saving both would bill those hours twice.';
    mockApi({
      'POST /api/work-logs/41/duplicate': () => json({ code: 'work_log_overlap', message }, 409),
    });
    const onClose = open();
    await addDate('2026-03-05');
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(chips()).toEqual(['Thu, Mar 5, 2026']);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for a date before sending anything', async () => {
    const api = mockApi({});
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(screen.getByText('Add at least one date')).toBeVisible();
    expect(api.calls('POST /api/work-logs/41/duplicate')).toEqual([]);
  });
});
