import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@/features/auth';
import { apiError } from '@/test/mock-api';
import { findToast } from '@/test/render';
import { settingsQueryKey } from '../api/get-settings';
import { renderSettingsPage } from './settings-page.test-helpers';
import { NAME_SAVE_DELAY_MS } from './use-name-autosave';

const firstName = () => screen.getByRole('textbox', { name: 'First name' });
const indicator = () => screen.getAllByRole('status').find((s) => s.hasAttribute('aria-live'));

describe('the General tab', () => {
  it('shows the Account ID and the sign-in e-mail, read-only', async () => {
    await renderSettingsPage({ user: { accountId: 'ACC-42', email: 'sam@example.com' } });
    expect(screen.getByRole('textbox', { name: 'Account ID' })).toHaveValue('ACC-42');
    expect(screen.getByRole('textbox', { name: 'Account ID' })).toHaveAttribute('readonly');
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue('sam@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(/the address you sign in with/i);
  });

  it('saves the name once typing stops, with the final text, and says it is saved', async () => {
    const { api, queryClient } = await renderSettingsPage({ user: { firstName: 'Sam' } });
    await userEvent.clear(firstName());
    await userEvent.type(firstName(), 'Samuel');
    expect(api.calls('PATCH /api/settings/general')).toHaveLength(0);

    await waitFor(() => expect(indicator()).toHaveTextContent('All changes saved'));
    expect(api.calls('PATCH /api/settings/general').map((c) => c.body)).toEqual([
      { firstName: 'Samuel' },
    ]);
    // The sidebar reads the signed-in user from this cache.
    expect(queryClient.getQueryData(meQueryKey)).toMatchObject({ firstName: 'Samuel' });
    expect(screen.queryByRole('region', { name: /notifications/i })).not.toHaveTextContent(
      /saved/i,
    );
  });

  it('saves at once when the field loses focus, trimmed, and not again after the pause', async () => {
    const { api } = await renderSettingsPage({ user: { lastName: 'Rivera' } });
    const lastName = screen.getByRole('textbox', { name: 'Last name' });
    await userEvent.clear(lastName);
    await userEvent.type(lastName, ' Rivers ');
    await userEvent.tab();
    expect(api.calls('PATCH /api/settings/general').map((c) => c.body)).toEqual([
      { lastName: 'Rivers' },
    ]);
    await new Promise((resolve) => setTimeout(resolve, NAME_SAVE_DELAY_MS + 100));
    expect(api.calls('PATCH /api/settings/general')).toHaveLength(1);
  });

  it('shows "First name is required" for an empty first name and sends nothing', async () => {
    const { api } = await renderSettingsPage();
    await userEvent.clear(firstName());
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(firstName()).toHaveAttribute('aria-invalid', 'true');
    expect(firstName()).toHaveAccessibleDescription('First name is required');
    await userEvent.tab();
    expect(api.calls('PATCH /api/settings/general')).toHaveLength(0);

    await userEvent.type(firstName(), 'Al');
    expect(screen.queryByText('First name is required')).not.toBeInTheDocument();
  });

  it('says a name must be on one line and sends nothing', async () => {
    const { api } = await renderSettingsPage();
    await userEvent.clear(firstName());
    await userEvent.type(firstName(), 'Ana\u2028Lima');
    expect(await screen.findByText('First name must be on one line')).toBeInTheDocument();
    expect(firstName()).toHaveAccessibleDescription('First name must be on one line');
    await userEvent.tab();
    expect(api.calls('PATCH /api/settings/general')).toHaveLength(0);
  });

  it('says why a save failed and keeps the text as typed', async () => {
    await renderSettingsPage({
      routes: {
        'PATCH /api/settings/general': apiError(500, 'internal_error', 'The database is down'),
      },
    });
    await userEvent.clear(firstName());
    await userEvent.type(firstName(), 'Samuel');
    await userEvent.tab();
    expect(
      await findToast('Failed to update general settings: The database is down'),
    ).toBeInTheDocument();
    expect(firstName()).toHaveValue('Samuel');
    expect(indicator()).toHaveTextContent('Some changes were not saved');
  });

  it('saves the time format on change and updates the settings everywhere', async () => {
    const { api, queryClient } = await renderSettingsPage({ settings: { timeFormat: '12-hour' } });
    await userEvent.click(screen.getByRole('radio', { name: '24-hour' }));
    await waitFor(() =>
      expect(api.calls('PATCH /api/settings/general').map((c) => c.body)).toEqual([
        { timeFormat: '24-hour' },
      ]),
    );
    await waitFor(() =>
      expect(queryClient.getQueryData(settingsQueryKey)).toMatchObject({ timeFormat: '24-hour' }),
    );
    expect(screen.getByRole('radio', { name: '24-hour' })).toBeChecked();
  });

  it('puts a choice back when its save fails', async () => {
    await renderSettingsPage({
      settings: { timeFormat: '12-hour' },
      routes: { 'PATCH /api/settings/general': apiError(500, 'internal_error', 'Nope') },
    });
    await userEvent.click(screen.getByRole('radio', { name: '24-hour' }));
    expect(await findToast('Failed to update general settings: Nope')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: '12-hour' })).toBeChecked());
  });

  it('finds a time zone by typing "eastern" and saves the one picked', async () => {
    const { api } = await renderSettingsPage({ settings: { timeZone: 'Europe/London' } });
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveTextContent('United Kingdom Time — London');
    await userEvent.click(zone);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search time zones' }), 'eastern');
    const options = screen.getAllByRole('option').map((o) => o.textContent ?? '');
    expect(options.length).toBeGreaterThan(1);
    expect(options.every((label) => /eastern/i.test(label))).toBe(true);
    await userEvent.click(screen.getByRole('option', { name: 'Eastern Time (ET) — New York' }));

    await waitFor(() =>
      expect(api.calls('PATCH /api/settings/general').map((c) => c.body)).toEqual([
        { timeZone: 'America/New_York' },
      ]),
    );
    expect(zone).toHaveTextContent('Eastern Time (ET) — New York');
  });

  it('saves the currency picked from its list', async () => {
    const { api } = await renderSettingsPage();
    const currency = screen.getByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveTextContent('US Dollar (USD)');
    await userEvent.click(currency);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search currencies' }), 'eur');
    await userEvent.click(screen.getByRole('option', { name: 'Euro (EUR)' }));
    await waitFor(() =>
      expect(api.calls('PATCH /api/settings/general').map((c) => c.body)).toEqual([
        { currency: 'EUR' },
      ]),
    );
    expect(currency).toHaveTextContent('Euro (EUR)');
  });
});

describe('copying the Account ID', () => {
  it('copies it and says so for a moment', async () => {
    const user = userEvent.setup();
    await renderSettingsPage({ user: { accountId: 'ACC-42' } });
    await user.click(screen.getByRole('button', { name: 'Copy Account ID' }));
    expect(await navigator.clipboard.readText()).toBe('ACC-42');
    expect(screen.getByRole('button', { name: 'Copied Account ID' })).toBeInTheDocument();
    expect(screen.getByText('Account ID copied')).toBeInTheDocument();
  });

  it("says 'Could not copy to clipboard' when the browser refuses", async () => {
    const user = userEvent.setup();
    await renderSettingsPage();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Denied'));
    await user.click(screen.getByRole('button', { name: 'Copy Account ID' }));
    expect(await findToast('Could not copy to clipboard')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Account ID' })).toBeInTheDocument();
  });
});
