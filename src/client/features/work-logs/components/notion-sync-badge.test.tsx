import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeWorkLog } from '@/test/fixtures';
import { apiError } from '@/test/mock-api';
import { findToast, renderWithProviders } from '@/test/render';
import { desktop } from '@/test/viewport';
import type { NotionSync } from '../../../../shared/schemas/notion.ts';
import { WorkLogsPage } from './work-logs-page';
import { listCalls, mockWorkLogsApi } from './work-logs-page.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  vi.useRealTimers();
});

const failed: NotionSync = { state: 'failed', error: 'Notion refused the page' };
const pending: NotionSync = { state: 'pending', error: null };
const synced: NotionSync = { state: 'synced', error: null };
const RETRY = 'Retry Notion sync for Acme Studio on Mon, Mar 2, 2026';

const renderPage = () => renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Moves the clock on 100 ms at a time until `done`, at most `limit` ms. */
const advanceUntil = async (done: () => boolean, limit: number) => {
  for (let moved = 0; !done() && moved < limit; moved += 100) await advance(100);
};

describe('the Notion mark of each work log', () => {
  it('shows each state beside the date in the table, and nothing when Notion is off', async () => {
    desktop();
    mockWorkLogsApi([
      makeWorkLog({ id: 1 }),
      makeWorkLog({ id: 2, notionSync: pending }),
      makeWorkLog({ id: 3, notionSync: synced }),
      makeWorkLog({ id: 4, notionSync: failed }),
    ]);
    renderPage();
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers).toHaveLength(8);
    const [, off, waiting, done, broken] = within(table).getAllByRole('row');
    expect(within(off!).queryByRole('img', { name: /Notion/ })).not.toBeInTheDocument();
    expect(within(off!).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();

    const [, , date] = within(waiting!).getAllByRole('cell');
    expect(within(date!).getByRole('img', { name: 'Syncing to Notion' })).toHaveAttribute(
      'title',
      'Syncing to Notion',
    );
    expect(within(done!).getByRole('img', { name: 'Synced to Notion' })).toBeInTheDocument();
    expect(within(done!).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();

    // The warning mark is a button: the reason opens on click or tap, and by keyboard.
    const reason = within(broken!).getByRole('button', {
      name: 'Not synced to Notion: Notion refused the page',
    });
    expect(reason).toHaveAttribute('title', 'Not synced to Notion: Notion refused the page');
    await userEvent.click(reason);
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Not synced to NotionNotion refused the page',
    );
    await userEvent.keyboard('{Escape}');
    const retry = within(broken!).getByRole('button', { name: RETRY });
    expect(retry).toHaveAccessibleDescription('Not synced to Notion: Notion refused the page');
  });

  it('shows the mark and Retry on the mobile cards too, with Unknown error when no reason came', async () => {
    mockWorkLogsApi([makeWorkLog({ notionSync: { state: 'failed', error: null } })]);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Work logs' });
    expect(
      within(list).getByRole('button', { name: 'Not synced to Notion: Unknown error' }),
    ).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: RETRY })).toBeVisible();
  });

  it('retries a failed log: pending at once, the list asked again, focus kept on the mark', async () => {
    desktop();
    let answer: NotionSync = failed;
    let queued = (_: NotionSync) => {};
    const api = mockWorkLogsApi([], {
      routes: {
        'GET /api/work-logs': () => [makeWorkLog({ notionSync: answer })],
        'POST /api/notion/sync/10': () =>
          new Promise((resolve) => {
            queued = resolve;
          }),
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: RETRY }));

    // Before the server has answered, the badge already says it is on its way.
    const mark = screen.getByRole('img', { name: 'Syncing to Notion' });
    expect(screen.queryByRole('button', { name: RETRY })).not.toBeInTheDocument();
    expect(mark.parentElement).toHaveFocus();
    expect(api.calls('POST /api/notion/sync/10')).toHaveLength(1);

    const asked = listCalls(api).length;
    answer = synced;
    act(() => queued(pending));
    await waitFor(() => expect(listCalls(api).length).toBeGreaterThan(asked));
    expect(await screen.findByRole('img', { name: 'Synced to Notion' })).toBeInTheDocument();
  });

  it("shows the server's message and the failed mark again when Notion is not connected", async () => {
    desktop();
    mockWorkLogsApi([makeWorkLog({ notionSync: failed })], {
      routes: {
        'POST /api/notion/sync/10': apiError(
          409,
          'conflict',
          'Notion is not connected. Connect it in Settings → Integrations first.',
        ),
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: RETRY }));
    const refused = await findToast('Error Syncing');
    expect(
      within(refused).getByText(
        'Failed to add/update work log to Notion database: Notion is not connected. Connect it in Settings → Integrations first.',
      ),
    ).toBeVisible();
    expect(refused).toHaveClass('destructive');
    expect(await screen.findByRole('button', { name: RETRY })).toBeInTheDocument();
  });
});

describe('the list while a mirror is pending', () => {
  it('asks again every 3 s while a log is pending, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: NotionSync = pending;
    const api = mockWorkLogsApi([], {
      routes: { 'GET /api/work-logs': () => [makeWorkLog({ notionSync: answer })] },
    });
    renderPage();
    await screen.findByRole('img', { name: 'Syncing to Notion' });
    const first = listCalls(api).length;

    // Not before 3 s; then once. The 3 s start again when an answer arrives, and the clock also
    // runs with real time (shouldAdvanceTime), so on a busy machine an answer can arrive seconds
    // of clock after its ask: the next ask is awaited for up to 8 s, not to the millisecond.
    await advance(2000);
    expect(listCalls(api)).toHaveLength(first);
    await advanceUntil(() => listCalls(api).length > first, 8000);
    expect(listCalls(api)).toHaveLength(first + 1);
    answer = synced;
    await advance(2000);
    expect(listCalls(api)).toHaveLength(first + 1);
    await advanceUntil(() => listCalls(api).length > first + 1, 8000);
    expect(listCalls(api)).toHaveLength(first + 2);
    expect(await screen.findByRole('img', { name: 'Synced to Notion' })).toBeInTheDocument();

    await advance(9000);
    expect(listCalls(api)).toHaveLength(first + 2);
  });

  it('never asks again while no log is pending', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockWorkLogsApi([
      makeWorkLog({ id: 1, notionSync: synced }),
      makeWorkLog({ id: 2, notionSync: failed }),
      makeWorkLog({ id: 3 }),
    ]);
    renderPage();
    await screen.findByRole('img', { name: 'Synced to Notion' });
    const first = listCalls(api).length;
    await advance(10_000);
    expect(listCalls(api)).toHaveLength(first);
  });

  it('stops asking when the page is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockWorkLogsApi([makeWorkLog({ notionSync: pending })]);
    const view = renderPage();
    await screen.findByRole('img', { name: 'Syncing to Notion' });
    view.unmount();
    const first = listCalls(api).length;
    await advance(10_000);
    expect(listCalls(api)).toHaveLength(first);
  });
});
