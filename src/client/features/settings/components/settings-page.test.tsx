import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSettings, makeUser } from '@/test/fixtures';
import { apiError, hang, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { SettingsPage } from './settings-page';
import { renderSettingsPage } from './settings-page.test-helpers';

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('the settings page', () => {
  it('shows a loading state until the settings arrive', () => {
    mockApi({ 'GET /api/settings': hang, 'GET /api/auth/me': { user: makeUser() } });
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading settings');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('shows General, Export, Integrations and Security, and no Admin tab to a user who is not an admin', async () => {
    await renderSettingsPage({ isAdmin: false });
    expect(tabNames()).toEqual(['General', 'Export', 'Integrations', 'Security']);
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });

  it('shows the Admin tab to an admin, with how administrators are managed', async () => {
    await renderSettingsPage({ isAdmin: true });
    await waitFor(() =>
      expect(tabNames()).toEqual(['General', 'Export', 'Integrations', 'Security', 'Admin']),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Admin' }));
    // The tab's code loads when it is first shown.
    const panel = await screen.findByRole('tabpanel', { name: 'Admin' });
    expect(await within(panel).findByText('npm run admin -- grant EMAIL')).toBeInTheDocument();
    expect(within(panel).getByText('npm run admin -- revoke EMAIL')).toBeInTheDocument();
  });

  it('offers a user named an administrator but not yet confirmed the link that gives the rights', async () => {
    const { api } = await renderSettingsPage({
      hash: '#admin',
      user: { email: 'boss@example.com' },
      awaitsEmailConfirmation: true,
      routes: {
        'POST /api/auth/confirm-email': {
          success: true,
          message:
            'We sent a confirmation link to boss@example.com. Open it to confirm your address.',
        },
      },
    });
    const panel = await screen.findByRole('tabpanel', { name: 'Admin' });
    expect(
      await within(panel).findByRole('heading', {
        name: 'Confirm your address to get administrator rights',
      }),
    ).toBeInTheDocument();
    expect(within(panel).getByText(/names boss@example\.com as an administrator/)).toBeVisible();
    // No administrator tools before the address is confirmed.
    expect(within(panel).queryByRole('textbox', { name: 'User email' })).not.toBeInTheDocument();
    expect(within(panel).queryByText('npm run admin -- grant EMAIL')).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Send link' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'We sent a confirmation link to boss@example.com.',
    );
    expect(within(panel).getByRole('button', { name: 'Send link again' })).toBeEnabled();
    expect(api.calls('POST /api/auth/confirm-email')).toHaveLength(1);
  });

  it("shows the server's reason when the link cannot be sent", async () => {
    await renderSettingsPage({
      hash: '#admin',
      awaitsEmailConfirmation: true,
      routes: {
        'POST /api/auth/confirm-email': apiError(
          503,
          'not_configured',
          'This server cannot mail links yet: its administrator must set PUBLIC_URL.',
        ),
      },
    });
    const panel = await screen.findByRole('tabpanel', { name: 'Admin' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Send link' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'its administrator must set PUBLIC_URL',
    );
  });

  it('opens the tab the address names, and keeps the chosen tab in the address', async () => {
    await renderSettingsPage({ hash: '#export' });
    expect(screen.getByRole('tab', { name: 'Export' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Sample export preview' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Security' }));
    expect(window.location.hash).toBe('#security');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'General' }));
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/settings');
  });

  it('opens Integrations for #integrations, with the Notion connection', async () => {
    const { api } = await renderSettingsPage({ hash: '#integrations' });
    expect(screen.getByRole('tab', { name: 'Integrations' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const panel = screen.getByRole('tabpanel', { name: 'Integrations' });
    expect(await within(panel).findByRole('heading', { name: 'Notion' })).toBeInTheDocument();
    expect(await within(panel).findByLabelText('Integration token')).toBeInTheDocument();
    expect(api.calls('GET /api/notion')).toHaveLength(1);

    await userEvent.click(screen.getByRole('tab', { name: 'Export' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Integrations' }));
    expect(window.location.hash).toBe('#integrations');
  });

  it('opens General for #admin when the user is not an admin', async () => {
    await renderSettingsPage({ hash: '#admin', isAdmin: false });
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between tabs with the arrow keys', async () => {
    await renderSettingsPage();
    screen.getByRole('tab', { name: 'General' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Export' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Integrations' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('says when the settings cannot be loaded, and loads them on Retry', async () => {
    const api = mockApi({
      'GET /api/auth/me': { user: makeUser() },
      'GET /api/auth/admin-status': { isAdmin: false },
      'GET /api/settings': apiError(500, 'internal_error', 'Boom'),
    });
    renderWithProviders(<SettingsPage />, { path: '/settings' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load settings');
    api.use({ 'GET /api/settings': makeSettings() });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tablist')).toBeInTheDocument();
  });
});
