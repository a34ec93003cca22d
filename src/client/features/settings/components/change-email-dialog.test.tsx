import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, hang, type Routes } from '@/test/mock-api';
import { findToast } from '@/test/render';
import { EMAIL_TAKEN } from './change-email-dialog';
import { renderSettingsPage } from './settings-page.test-helpers';

const LINK_SENT = 'We sent a confirmation link to sam@new.example. Open it to finish the change.';
const CHECK = 'POST /api/auth/check-email-exists';
const CHANGE = 'POST /api/auth/change-email';
const happy: Routes = {
  [CHECK]: { exists: false },
  [CHANGE]: { success: true, message: LINK_SENT },
};

const dialog = () => screen.getByRole('dialog', { name: 'Change Email' });
const newEmailInput = () => screen.getByLabelText('New email address');

async function openDialog(routes: Routes = {}) {
  const page = await renderSettingsPage({
    user: { email: 'sam@example.com' },
    routes: { ...happy, ...routes },
  });
  await userEvent.click(screen.getByRole('button', { name: 'Change Email' }));
  await screen.findByRole('dialog', { name: 'Change Email' });
  return page;
}

async function continueWith(email: string) {
  if (email) await userEvent.type(newEmailInput(), email);
  await userEvent.click(within(dialog()).getByRole('button', { name: 'Continue' }));
}

/** The code the dialog shows, read off the screen as the user would. */
const shownCode = () => within(dialog()).getByText(/^\d{6}$/).textContent ?? '';

async function reachFinalStep() {
  await continueWith('sam@new.example');
  await userEvent.type(await screen.findByLabelText('Confirmation code'), shownCode());
  await userEvent.click(within(dialog()).getByRole('button', { name: 'Continue' }));
  await within(dialog()).findByText('This change cannot be undone');
}

describe('the Change Email dialog', () => {
  it('opens from the button beside the read-only e-mail and shows the current address', async () => {
    await openDialog();
    expect(within(dialog()).getByText('sam@example.com')).toBeInTheDocument();
    expect(within(dialog()).getByText('Step 1 of 3')).toBeInTheDocument();
    expect(newEmailInput()).toHaveFocus();
  });

  it.each([
    ['', 'Please enter a new email address'],
    ['sam@example', 'Please enter a valid email address'],
    ['sam..x@example.com', 'Please enter a valid email address'],
    [' SAM@Example.com ', 'New email must be different from current email'],
  ])('refuses "%s" with "%s" and asks nothing', async (typed, message) => {
    const { api } = await openDialog();
    await continueWith(typed);
    expect(await within(dialog()).findByText(message)).toBeInTheDocument();
    expect(newEmailInput()).toHaveAccessibleDescription(message);
    expect(api.calls(CHECK)).toHaveLength(0);
  });

  it('says an address already registered is taken, and stays on the first step', async () => {
    const { api } = await openDialog({ [CHECK]: { exists: true } });
    await continueWith('taken@example.com');
    expect(await findToast(EMAIL_TAKEN)).toBeInTheDocument();
    expect(api.calls(CHECK)[0]?.body).toEqual({ email: 'taken@example.com' });
    expect(within(dialog()).getByText('Step 1 of 3')).toBeInTheDocument();
  });

  it('says when the availability check fails', async () => {
    await openDialog({ [CHECK]: apiError(500, 'internal_error', 'Something went wrong') });
    await continueWith('sam@new.example');
    const failed = 'Failed to verify email availability. Please try again.';
    expect(await findToast(failed)).toBeInTheDocument();
    expect(within(dialog()).getByText('Step 1 of 3')).toBeInTheDocument();
  });

  it('shows a random 6-digit code from the browser crypto and takes digits only', async () => {
    const random = vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      if (array instanceof Uint32Array) array[0] = 900_042;
      return array;
    });
    await openDialog();
    await continueWith('sam@new.example');
    const input = await screen.findByLabelText('Confirmation code');
    expect(random).toHaveBeenCalled();
    random.mockRestore();
    expect(shownCode()).toBe('100042');
    expect(input).toHaveFocus();
    await userEvent.type(input, '1a0-0 042x9');
    expect(input).toHaveValue('100042');
  });

  it('refuses a code that does not match and stays on the code step', async () => {
    const { api } = await openDialog();
    await continueWith('sam@new.example');
    const input = await screen.findByLabelText('Confirmation code');
    const wrong = shownCode() === '123456' ? '654321' : '123456';
    await userEvent.type(input, wrong);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Continue' }));
    const mismatch = "The confirmation code you entered doesn't match. Please try again.";
    expect(await within(dialog()).findByText(mismatch)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(expect.stringContaining(mismatch));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls(CHANGE)).toHaveLength(0);
  });

  it('warns, sends the change on Confirm, toasts the server message and closes', async () => {
    const { api } = await openDialog();
    await reachFinalStep();
    expect(within(dialog()).getByText('sam@new.example')).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Confirm Change' }));

    expect(await findToast(LINK_SENT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(CHANGE).map((call) => call.body)).toEqual([{ newEmail: 'sam@new.example' }]);
    // The address changes only when the mailed link is opened; e-mail edits never autosave.
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('sam@example.com');
    expect(api.calls('PATCH /api/settings/general')).toHaveLength(0);
  });

  it('shows the change waiting for its link under the e-mail field once sent', async () => {
    let sent = false;
    const { api } = await openDialog({
      [CHANGE]: () => {
        sent = true;
        return { success: true, message: LINK_SENT };
      },
      'GET /api/auth/admin-status': () => ({
        isAdmin: false,
        awaitsEmailConfirmation: false,
        ...(sent ? { pendingEmail: 'sam@new.example' } : {}),
      }),
    });
    expect(screen.queryByText(/Waiting for you to confirm/)).not.toBeInTheDocument();
    await reachFinalStep();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Confirm Change' }));
    const pending = await screen.findByText(/Waiting for you to confirm/);
    expect(pending).toHaveTextContent(
      'Waiting for you to confirm sam@new.example: open the link we mailed there. Until then you sign in with sam@example.com.',
    );
    expect(api.calls('GET /api/auth/admin-status').length).toBeGreaterThan(1);
  });

  it('says the change failed and keeps the dialog open', async () => {
    await openDialog({ [CHANGE]: apiError(500, 'internal_error', 'Something went wrong') });
    await reachFinalStep();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Confirm Change' }));
    expect(
      await findToast('Failed to change email address. Please try again.'),
    ).toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
  });

  it('shows the server message when the address was taken meanwhile, back on step 1', async () => {
    await openDialog({ [CHANGE]: apiError(409, 'email_taken', EMAIL_TAKEN) });
    await reachFinalStep();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Confirm Change' }));
    expect(await findToast(EMAIL_TAKEN)).toBeInTheDocument();
    expect(await within(dialog()).findByText('Step 1 of 3')).toBeInTheDocument();
    expect(newEmailInput()).toHaveValue('sam@new.example');
  });

  it('cannot be closed while the change is being sent', async () => {
    await openDialog({ [CHANGE]: hang });
    await reachFinalStep();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Confirm Change' }));
    await userEvent.keyboard('{Escape}');
    expect(dialog()).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Close' })).toBeDisabled();
  });

  it('goes back a step with Back, keeping the new address', async () => {
    await openDialog();
    await reachFinalStep();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Confirmation code')).toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Back' }));
    expect(newEmailInput()).toHaveValue('sam@new.example');
  });

  it('starts again from an empty first step after being closed', async () => {
    await openDialog();
    await continueWith('sam@new.example');
    await screen.findByLabelText('Confirmation code');
    await userEvent.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Discard Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Change Email' }));
    await screen.findByRole('dialog', { name: 'Change Email' });
    expect(within(dialog()).getByText('Step 1 of 3')).toBeInTheDocument();
    expect(newEmailInput()).toHaveValue('');
  });

  it('closes at once when nothing was typed', async () => {
    await openDialog();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Email' })).toHaveFocus();
  });
});
