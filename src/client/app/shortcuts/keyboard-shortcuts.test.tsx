import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerShortcutAction } from '@/lib/shortcut-actions';
import { makeEmployer, makeSettings } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { KeyboardShortcuts } from './keyboard-shortcuts';

beforeEach(() => {
  mockApi({
    'GET /api/settings': makeSettings(),
    'GET /api/employers': [makeEmployer({ id: 1, name: 'Acme Studio' })],
    'GET /api/employer-groups': { groups: [] },
    'GET /api/work-logs/recent': [],
  });
});

const announcer = () => screen.getByTestId('shortcut-announcer');

function renderShortcuts(path = '/') {
  return renderWithProviders(
    <>
      <input aria-label="Somewhere to type" />
      <KeyboardShortcuts />
    </>,
    { path },
  );
}

describe('the keyboard shortcuts in the app', () => {
  it('? lists them in a dialog, without t while the timer lends no handler', async () => {
    const { location } = renderShortcuts();
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'nNew shift',
      '/Search work logs',
      'gthendGo to Dashboard',
      'gtheneGo to Employers',
      'gthenwGo to Work Logs',
      'gthenkGo to the week grid',
      'gthencGo to Calendar',
      'gthenrGo to Timesheet Reports',
      'gthenpGo to Pay',
      'gthensGo to Settings',
      '?Show these shortcuts',
    ]);
    // Keys do nothing else while it is open.
    await userEvent.keyboard('ge');
    expect(location.history?.at(-1)).toBe('/');
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Back where it was opened from.
    expect(document.body).toHaveFocus();
  });

  it("n opens the page's new-shift dialog, or the work logs' one, and says so", async () => {
    const { location } = renderShortcuts('/employers');
    let asked = 0;
    const page = (event: Event) => {
      asked += 1;
      event.preventDefault();
    };
    // A page with the dialog takes the request where it is.
    document.addEventListener('hourbook:new-work-log', page);
    await userEvent.keyboard('n');
    expect(asked).toBe(1);
    expect(location.history?.at(-1)).toBe('/employers');
    await waitFor(() => expect(announcer()).toHaveTextContent('New shift'));
    document.removeEventListener('hourbook:new-work-log', page);
    // Elsewhere: to the work logs, whose dialog takes it once the page is there.
    await userEvent.keyboard('n');
    expect(location.history?.at(-1)).toBe('/work-logs');
    act(() => document.addEventListener('hourbook:new-work-log', page));
    await waitFor(() => expect(asked).toBe(2));
    document.removeEventListener('hourbook:new-work-log', page);
  });

  it('g then e goes to Employers and says so; typing in a field does nothing', async () => {
    const { location } = renderShortcuts('/work-logs');
    await userEvent.click(screen.getByRole('textbox', { name: 'Somewhere to type' }));
    await userEvent.keyboard('ge');
    expect(location.history?.at(-1)).toBe('/work-logs');
    await userEvent.click(document.body);
    await userEvent.keyboard('ge');
    expect(location.history?.at(-1)).toBe('/employers');
    await waitFor(() => expect(announcer()).toHaveTextContent('Going to Employers'));
  });

  it('/ goes to the work logs and focuses their search box', async () => {
    const { location } = renderShortcuts('/employers');
    await userEvent.keyboard('/');
    expect(location.history?.at(-1)).toBe('/work-logs');
    // The page shows its search box once loaded.
    const search = document.createElement('input');
    search.id = 'work-log-search';
    act(() => document.body.append(search));
    await waitFor(() => expect(search).toHaveFocus());
    expect(announcer()).toHaveTextContent('Search');
    search.remove();
  });

  it("t calls the timer's handler once registered, and says what it answered", async () => {
    renderShortcuts();
    let toggled = 0;
    await userEvent.keyboard('t');
    expect(toggled).toBe(0);
    let unregister = () => {};
    act(() => {
      unregister = registerShortcutAction('timer.toggle', () => {
        toggled += 1;
        return 'Timer started';
      });
    });
    await userEvent.keyboard('t');
    expect(toggled).toBe(1);
    await waitFor(() => expect(announcer()).toHaveTextContent('Timer started'));
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Start or stop the timer')).toBeVisible();
    act(() => unregister());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.keyboard('t');
    expect(toggled).toBe(1);
  });
});
