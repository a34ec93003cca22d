import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeWorkLog } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { desktop } from '@/test/viewport';
import { WorkLogsPage } from './work-logs-page';
import { mockWorkLogsApi } from './work-logs-page.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

const longName = 'The Extremely Long Employer Name Holdings & Partners LLC';
const longNote = `Covered the late shift for Sam. ${'Restocked the cold room and counted inventory. '.repeat(12)}`;
const logs = [
  makeWorkLog({ id: 1, note: 'Short one' }),
  makeWorkLog({
    id: 2,
    note: longNote.trim(),
    employer: { ...makeWorkLog().employer, name: longName },
  }),
];

describe('notes and long names in the list', () => {
  it('shows each note in its table row, the whole of a long one on request', async () => {
    desktop();
    mockWorkLogsApi(logs);
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    const [, first, second] = within(await screen.findByRole('table')).getAllByRole('row');
    expect(first).toHaveTextContent('Note: Short one');
    expect(within(first!).queryByRole('button', { name: /whole note/ })).not.toBeInTheDocument();

    await userEvent.click(
      within(second!).getByRole('button', {
        name: `Show the whole note for ${longName} on Mon, Mar 2, 2026`,
      }),
    );
    const note = await screen.findByRole('dialog', {
      name: `Note for ${longName} on Mon, Mar 2, 2026`,
    });
    expect(note).toHaveTextContent(longNote.trim());
  });

  it('shows notes on the phone cards too', async () => {
    mockWorkLogsApi(logs);
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    const [first, second] = within(
      await screen.findByRole('list', { name: 'Work logs' }),
    ).getAllByRole('listitem');
    expect(first).toHaveTextContent('Note: Short one');
    expect(
      within(second!).getByRole('button', { name: /^Show the whole note for / }),
    ).toBeVisible();
  });

  it('keeps the full employer name available where a long one is cut short', async () => {
    desktop();
    mockWorkLogsApi(logs);
    renderWithProviders(<WorkLogsPage />, { path: '/work-logs' });
    const name = await screen.findByText(longName);
    expect(name).toHaveAttribute('title', longName);
    expect(
      screen.getByRole('button', { name: `Edit work log for ${longName} on Mon, Mar 2, 2026` }),
    ).toBeInTheDocument();
  });
});
