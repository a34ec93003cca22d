import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeWorkLog } from '@/test/fixtures';
import { json, type MockApi } from '@/test/mock-api';
import { findToast, notifications, renderWithProviders } from '@/test/render';
import type { NotionSync } from '../../../../shared/schemas/notion.ts';
import { ADDED_AND_SYNCED } from './notion-sync-toasts';
import { useWorkLogDialog } from './work-log-dialog';
import { chooseEmployer, mockDialogApi, openDialog } from './work-log-dialog.test-helpers';

// Radix selects driven by user-event take a second or two per test on a busy two-core machine.
vi.setConfig({ testTimeout: 15_000 });

await import('./work-log-form-body');
await import('@/components/ui/calendar');

afterEach(() => {
  vi.useRealTimers();
});

const pending: NotionSync = { state: 'pending', error: null };
const PLAIN_ADDED = 'A new work log has been added successfully.';
const UPDATED = 'The Work Log Has Been Successfully Updated.';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const syncAsks = (api: MockApi) => api.calls('GET /api/notion/sync/10').length;

/** The dialog's network, with the mirror reporting `reports` in turn (the last one repeats). */
function mockSaveApi(saved: NotionSync, reports: NotionSync[] = []) {
  const answers = [...reports];
  return mockDialogApi({
    routes: {
      'POST /api/work-logs': () => json(makeWorkLog({ notionSync: saved }), 201),
      'PATCH /api/work-logs/10': () => makeWorkLog({ notionSync: saved }),
      'GET /api/notion/sync/10': () => (answers.length > 1 ? answers.shift() : answers[0]),
    },
  });
}

async function addLog() {
  await chooseEmployer('Acme Studio');
  vi.useFakeTimers({ shouldAdvanceTime: true });
  await userEvent.click(screen.getByRole('button', { name: 'Save Work Log' }));
  await screen.findByRole('button', { name: 'Saved' });
}

/** A page with the dialog as the app has it: it closes after a save, and the form goes. */
function Page() {
  const logs = useWorkLogDialog();
  return (
    <>
      <button type="button" onClick={() => logs.openEdit(makeWorkLog())}>
        Edit the log
      </button>
      {logs.dialog}
    </>
  );
}

describe("a save's Notion outcome", () => {
  it('says the log was added at once, then that it was synced, with no error', async () => {
    const api = mockSaveApi(pending, [pending, { state: 'synced', error: null }]);
    const { onOpenChange } = openDialog();
    await addLog();
    const added = await findToast('Work log added');
    expect(within(added).getByText(PLAIN_ADDED)).toBeVisible();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(syncAsks(api)).toBe(0);

    await advance(1000);
    expect(syncAsks(api)).toBe(1);
    expect(within(notifications()).queryByText(ADDED_AND_SYNCED)).not.toBeInTheDocument();
    await advance(1000);
    const synced = await findToast(ADDED_AND_SYNCED);
    expect(synced).toHaveClass('success');
    expect(within(synced).getByText('Work log added')).toBeVisible();
    expect(within(notifications()).queryByText('Error Syncing')).not.toBeInTheDocument();

    await advance(10_000);
    expect(syncAsks(api)).toBe(2);
  });

  it('shows Error Syncing with the reason when the mirror of an update fails, after the dialog has closed', async () => {
    const api = mockSaveApi(pending, [{ state: 'failed', error: 'Notion refused the page' }]);
    renderWithProviders(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit the log' }));
    const update = await screen.findByRole('button', { name: 'Update Work Log' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(update);
    const updated = await findToast('Work Log Updated');
    expect(within(updated).getByText(UPDATED)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await advance(1000);
    const failed = await findToast('Error Syncing');
    expect(
      within(failed).getByText(
        'Failed to add/update work log to Notion database: Notion refused the page',
      ),
    ).toBeVisible();
    expect(failed).toHaveClass('destructive');
    expect(api.calls('GET /api/notion/sync/10')).toHaveLength(1);
  });

  it('says Unknown error when a failed mirror gives no reason', async () => {
    mockSaveApi(pending, [{ state: 'failed', error: null }]);
    openDialog();
    await addLog();
    await advance(1000);
    const failed = await findToast('Error Syncing');
    expect(
      within(failed).getByText('Failed to add/update work log to Notion database: Unknown error'),
    ).toBeVisible();
  });

  it('never asks Notion when it is not connected, and does not claim a sync', async () => {
    const api = mockSaveApi({ state: 'off', error: null });
    openDialog();
    await addLog();
    const added = await findToast('Work log added');
    expect(within(added).getByText(PLAIN_ADDED)).toBeVisible();
    await advance(12_000);
    expect(api.calls().filter((call) => call.url.startsWith('/api/notion'))).toHaveLength(0);
  });

  it('gives up after 10 s of pending, with nothing more to say', async () => {
    const api = mockSaveApi(pending, [pending]);
    openDialog();
    await addLog();
    await advance(15_000);
    expect(syncAsks(api)).toBe(10);
    expect(within(notifications()).queryByText('Error Syncing')).not.toBeInTheDocument();
    expect(within(notifications()).queryByText(ADDED_AND_SYNCED)).not.toBeInTheDocument();
  });

  it('stops asking when the page is left', async () => {
    const api = mockSaveApi(pending, [pending]);
    const view = openDialog();
    await addLog();
    await advance(1000);
    expect(syncAsks(api)).toBe(1);
    view.unmount();
    await advance(10_000);
    expect(syncAsks(api)).toBe(1);
  });
});
