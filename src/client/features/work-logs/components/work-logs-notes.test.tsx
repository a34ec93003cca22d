import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeWorkLog } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { desktop } from '@/test/viewport';
import { WorkLogsPage } from './work-logs-page';
import { mockWorkLogsApi } from './work-logs-page.test-helpers';

vi.setConfig({ testTimeout: 15_000 });

// The tests run without the app's stylesheet (Tailwind builds it in the app's Vite setup); a
// note is cut only by these rules, as Tailwind writes them, so they are given to the page here.
const cutRules = `
  .flex { display: flex; }
  .w-40 { width: 10rem; }
  .min-w-0 { min-width: 0; }
  .flex-1 { flex: 1; }
  .shrink-0 { flex-shrink: 0; }
  .truncate { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .sr-only {
    position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
    clip-path: inset(50%); white-space: nowrap; border-width: 0;
  }
`;
const style = document.createElement('style');
beforeAll(() => {
  style.textContent = cutRules;
  document.head.append(style);
});
afterAll(() => style.remove());

/** The line of a note as the list shows it (after its hidden 'Note:' label). */
function noteLine(container: HTMLElement): HTMLElement {
  const line = within(container).getByText('Note:').parentElement;
  if (!line) throw new Error('No note in this part of the list');
  return line;
}

/** Whether the page really cut the line short (measured, not guessed from the note's length). */
function cutShort(line: HTMLElement): boolean {
  return line.scrollWidth > line.clientWidth + 1 || line.scrollHeight > line.clientHeight + 1;
}

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
    expect(cutShort(noteLine(first!))).toBe(false);
    expect(within(first!).queryByRole('button', { name: /whole note/ })).not.toBeInTheDocument();
    expect(cutShort(noteLine(second!))).toBe(true);

    await userEvent.click(
      await within(second!).findByRole('button', {
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
    expect(cutShort(noteLine(first!))).toBe(false);
    expect(within(first!).queryByRole('button', { name: /whole note/ })).not.toBeInTheDocument();
    expect(cutShort(noteLine(second!))).toBe(true);
    expect(
      await within(second!).findByRole('button', { name: /^Show the whole note for / }),
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
