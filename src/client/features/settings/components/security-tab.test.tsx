import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { meQueryKey } from '@/features/auth';
import { apiError, hang } from '@/test/mock-api';
import { findToast } from '@/test/render';
import { settingsQueryKey } from '../api/get-settings';
import { renderSettingsPage } from './settings-page.test-helpers';

const openSecurity = (routes = {}) => renderSettingsPage({ hash: '#security', routes });

async function fillPasswords(current: string, next: string, confirm = next) {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  await userEvent.type(screen.getByLabelText('New password'), next);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('changing the password', () => {
  it('sends the current and new password, says so, and clears the form', async () => {
    const { api } = await openSecurity({ 'POST /api/auth/change-password': { success: true } });
    await fillPasswords('old secret', 'new secret 42');
    expect(await findToast('Password changed')).toHaveTextContent(
      'You were signed out everywhere else.',
    );
    expect(api.calls('POST /api/auth/change-password').map((c) => c.body)).toEqual([
      { currentPassword: 'old secret', newPassword: 'new secret 42' },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it('checks the form first: messages from the schema, nothing sent', async () => {
    const { api } = await openSecurity();
    await fillPasswords('', 'short', 'other');
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(api.calls('POST /api/auth/change-password')).toHaveLength(0);
  });

  it('shows a wrong current password under its field and asks to check it', async () => {
    await openSecurity({
      'POST /api/auth/change-password': apiError(
        400,
        'invalid_current_password',
        'Current password is incorrect',
      ),
    });
    await fillPasswords('wrong one', 'new secret 42');
    expect(
      await findToast('Please check your current password and try again.'),
    ).toBeInTheDocument();
    const current = screen.getByLabelText('Current password');
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('Current password is incorrect');
    expect(current).toHaveFocus();
  });

  it('shows and hides each password', async () => {
    await openSecurity();
    const [first] = screen.getAllByRole('button', { name: 'Show password' });
    await userEvent.click(first as HTMLElement);
    expect(screen.getByLabelText('Current password')).toHaveAttribute('type', 'text');
  });
});

describe('downloading my data', () => {
  it('saves the file under the name the server gives', async () => {
    // jsdom has no object URLs; these stand in for the browser's for this test only.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:hourbook/1');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('hourbook-data-2026-03-02.json');
      expect(this.href).toBe('blob:hourbook/1');
    });
    onTestFinished(() => click.mockRestore());
    await openSecurity({
      'GET /api/account/export': () =>
        new Response('{"profile":{}}', {
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': 'attachment; filename="hourbook-data-2026-03-02.json"',
          },
        }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe('{"profile":{}}');
  });

  it('shows that it is working while the file is prepared', async () => {
    await openSecurity({ 'GET /api/account/export': hang });
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(screen.getByRole('button', { name: 'Preparing download…' })).toBeDisabled();
  });

  it('says when the download failed', async () => {
    await openSecurity({
      'GET /api/account/export': apiError(500, 'internal_error', 'The export failed'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await findToast('The export failed')).toHaveTextContent('Download failed');
  });
});

describe('deleting the account', () => {
  async function openDialog(routes = {}) {
    const rendered = await openSecurity(routes);
    await userEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    return { ...rendered, dialog };
  }

  it('says what goes and needs the password before Delete works', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveTextContent(/employers and their work logs/);
    expect(dialog).toHaveTextContent(/timesheets/);
    expect(dialog).toHaveTextContent(/settings and your profile picture/);
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'secret');
    expect(confirm).toBeEnabled();
  });

  it.each([
    ['Escape', () => userEvent.keyboard('{Escape}')],
    ['Cancel', () => userEvent.click(screen.getByRole('button', { name: 'Cancel' }))],
  ])('closes on %s and gives focus back to Delete account', async (_how, close) => {
    await openDialog();
    await close();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Delete account' })).toHaveFocus();
  });

  it('shows a wrong password under the field and deletes nothing', async () => {
    const { dialog, location } = await openDialog({
      'POST /api/account/delete': apiError(
        400,
        'invalid_current_password',
        'That password is not right',
      ),
    });
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    const password = within(dialog).getByLabelText('Your password');
    await waitFor(() => expect(password).toHaveAccessibleDescription('That password is not right'));
    expect(location.history.at(-1)).toBe('/settings');
  });

  it('deletes with the password, forgets every cached answer and goes to the sign-in page', async () => {
    const { dialog, api, location, queryClient } = await openDialog({
      'POST /api/account/delete': { success: true },
    });
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/login?reason=account-deleted'));
    expect(api.calls('POST /api/account/delete').map((c) => c.body)).toEqual([
      { password: 'secret' },
    ]);
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    expect(queryClient.getQueryData(settingsQueryKey)).toBeUndefined();
  });
});
