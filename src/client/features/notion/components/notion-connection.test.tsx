import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeNotionStatus } from '@/test/fixtures';
import { apiError, type Routes } from '@/test/mock-api';
import { findToast } from '@/test/render';
import type { NotionStatus } from '../../../../shared/schemas/notion.ts';
import { notionNotConnected, renderNotionCard } from './notion-card.test-helpers';

afterEach(() => vi.useRealTimers());

/** The card over a server whose GET /api/notion answers `status()` at each read. */
async function openConnected(initial: NotionStatus, routes: Routes = {}) {
  let current = initial;
  const page = renderNotionCard({ 'GET /api/notion': () => current, ...routes });
  await screen.findByRole('button', { name: 'Disconnect' });
  const panel = screen.getByRole('region', { name: 'Integrations' });
  return { ...page, panel, setStatus: (next: NotionStatus) => (current = next) };
}

const missing = (name: string, type: string, conflicting = false) => ({ name, type, conflicting });

describe('a Notion connection', () => {
  it('names the database with a link that opens it in a new tab', async () => {
    const { panel } = await openConnected(makeNotionStatus());
    expect(within(panel).getByText(/Connected to/)).toHaveTextContent('Connected to Shifts');
    const link = within(panel).getByRole('link', { name: /Shifts/ });
    expect(link).toHaveAttribute('href', 'https://www.notion.so/1f2e3d4c5b6a7980a1b2c3d4e5f60718');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noreferrer');
    expect(panel).toHaveTextContent('12 of 12 work logs in Notion');
    expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(panel).queryByLabelText('Integration token')).not.toBeInTheDocument();
  });

  it('lists the missing properties, adds them, and starts copying', async () => {
    const lacking = makeNotionStatus({
      missingProperties: [missing('Department', 'rich_text'), missing('Hourbook ID', 'number')],
      synced: 0,
    });
    const ready = makeNotionStatus({ synced: 0, pending: 12 });
    const { api, panel, setStatus } = await openConnected(lacking, {
      'POST /api/notion/properties': () => {
        setStatus(ready);
        return ready;
      },
    });
    const lacks = within(panel).getByRole('region', { name: 'Your database lacks 2 properties' });
    // Nothing is copied yet: it says so, and shows no progress of a mirror that has not begun.
    expect(panel).toHaveTextContent(
      'Nothing is copied until the database has the properties below.',
    );
    expect(within(panel).queryByText(/work logs? in Notion/)).not.toBeInTheDocument();
    const list = within(lacks).getByRole('list');
    expect(list).toHaveTextContent('Department (Text)');
    expect(list).toHaveTextContent('Hourbook ID (Number)');

    await userEvent.click(within(lacks).getByRole('button', { name: 'Add missing properties' }));
    expect(await findToast('Properties Added')).toBeInTheDocument();
    expect(api.calls('POST /api/notion/properties')).toHaveLength(1);
    expect(within(panel).queryByRole('heading', { name: /lacks/ })).not.toBeInTheDocument();
    expect(within(panel).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('explains properties of another type and does not offer to add them', async () => {
    const { api, panel, setStatus } = await openConnected(
      makeNotionStatus({ missingProperties: [missing('Status', 'select', true)], synced: 0 }),
    );
    expect(panel).toHaveTextContent(
      'Status (Select) — exists with another type: rename it, or change its type to Select, in Notion.',
    );
    const add = within(panel).getByRole('button', { name: 'Add missing properties' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription(
      /Rename or change the conflicting properties in Notion/,
    );
    await userEvent.click(add);
    expect(api.calls('POST /api/notion/properties')).toHaveLength(0);

    setStatus(makeNotionStatus());
    await userEvent.click(within(panel).getByRole('button', { name: 'Check again' }));
    await waitFor(() =>
      expect(within(panel).queryByRole('heading', { name: /lacks/ })).not.toBeInTheDocument(),
    );
  });

  it('shows the server’s message when the properties cannot be added', async () => {
    const message =
      'These properties exist with another type; rename or change them in Notion: Status (should be select)';
    const { panel } = await openConnected(
      makeNotionStatus({ missingProperties: [missing('Date', 'date')] }),
      { 'POST /api/notion/properties': apiError(409, 'conflict', message) },
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Add missing properties' }));
    expect(await findToast('Properties Not Added')).toHaveTextContent(message);
  });

  it('shows the first mirror’s progress and follows it until every log is in Notion', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { panel, setStatus } = await openConnected(
      makeNotionStatus({ synced: 3, total: 12, pending: 9 }),
    );
    const bar = within(panel).getByRole('progressbar', { name: '3 of 12 work logs in Notion' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemax', '12');

    setStatus(makeNotionStatus({ synced: 8, total: 12, pending: 4 }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() =>
      expect(within(panel).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '8'),
    );

    setStatus(makeNotionStatus());
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(within(panel).queryByRole('progressbar')).not.toBeInTheDocument());
    expect(panel).toHaveTextContent('12 of 12 work logs in Notion');
  });

  it('says how many logs failed and where to retry them', async () => {
    const { panel } = await openConnected(makeNotionStatus({ synced: 10, failed: 2 }));
    expect(panel).toHaveTextContent(
      '2 work logs could not be copied. The Work Logs page shows why and has Retry.',
    );
    expect(within(panel).getByRole('link', { name: 'Work Logs page' })).toHaveAttribute(
      'href',
      '/work-logs',
    );
  });

  it('warns when Notion stopped accepting the token, and reconnects with a new one', async () => {
    const { api, panel, setStatus } = await openConnected(
      makeNotionStatus({ state: 'unauthorized' }),
      {
        'POST /api/notion/connect': () => {
          setStatus(makeNotionStatus());
          return makeNotionStatus();
        },
      },
    );
    expect(panel).toHaveTextContent(/Notion no longer accepts your token/);
    const database = within(panel).getByLabelText('Database link or ID');
    expect(database).toHaveValue('1f2e3d4c-5b6a-7980-a1b2-c3d4e5f60718');
    await userEvent.type(within(panel).getByLabelText('Integration token'), 'ntn_new');
    await userEvent.click(within(panel).getByRole('button', { name: 'Reconnect Notion' }));
    expect(await findToast('Notion Connected')).toBeInTheDocument();
    expect(api.calls('POST /api/notion/connect')[0]?.body).toEqual({
      token: 'ntn_new',
      database: '1f2e3d4c-5b6a-7980-a1b2-c3d4e5f60718',
    });
    await waitFor(() => expect(panel).toHaveTextContent('Connected to Shifts'));
  });

  it('names the capability the integration lacks, where to turn it on, and reconnects', async () => {
    const states = [
      ['missing_read_content', 'Read content'],
      ['missing_insert_content', 'Insert content'],
      ['missing_update_content', 'Update content'],
    ] as const;
    for (const [state, name] of states) {
      const { panel, unmount } = await openConnected(makeNotionStatus({ state }));
      const warning = within(panel).getByText(/Notion stopped copying to/).parentElement;
      expect(warning).toHaveTextContent(
        `Your Notion integration lacks the “${name}” capability, so work logs are not being copied. Turn it on in the integration’s settings in Notion (Capabilities), then connect again below.`,
      );
      // Not the words for a token Notion refused: the token is fine, a capability is missing.
      expect(panel).not.toHaveTextContent(/no longer accepts your token/);
      expect(within(panel).getByRole('button', { name: 'Reconnect Notion' })).toBeInTheDocument();
      unmount();
    }
  });

  it('warns when Notion cannot find the database any more', async () => {
    const { panel } = await openConnected(makeNotionStatus({ state: 'not_found' }));
    expect(panel).toHaveTextContent(/Notion cannot find this database any more/);
    expect(within(panel).getByRole('button', { name: 'Reconnect Notion' })).toBeInTheDocument();
  });
});

describe('disconnecting Notion', () => {
  it('asks first, then disconnects and offers to connect again', async () => {
    const { api, panel, setStatus } = await openConnected(makeNotionStatus(), {
      'POST /api/notion/disconnect': () => {
        setStatus(notionNotConnected);
        return { success: true };
      },
    });
    await userEvent.click(within(panel).getByRole('button', { name: 'Disconnect' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Notion?' });
    expect(dialog).toHaveTextContent('The pages already there stay in Notion.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('POST /api/notion/disconnect')).toHaveLength(0);

    await userEvent.click(within(panel).getByRole('button', { name: 'Disconnect' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Notion?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await findToast('Notion Disconnected')).toBeInTheDocument();
    expect(api.calls('POST /api/notion/disconnect')).toHaveLength(1);
    expect(await screen.findByLabelText('Integration token')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says why when the disconnect fails, and stays connected', async () => {
    const { panel } = await openConnected(makeNotionStatus(), {
      'POST /api/notion/disconnect': apiError(500, 'internal_error', 'Something went wrong'),
    });
    await userEvent.click(within(panel).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await findToast('Error')).toHaveTextContent('Something went wrong');
    expect(panel).toHaveTextContent('Connected to Shifts');
  });
});
