import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@/lib/api-client';
import { type SaveTimings, useSaveState } from '@/lib/use-save-state';
import { findToast } from '@/test/render';
import { SaveButton, toastSaveFailure } from './save-button';
import { Toaster } from './toaster';

// Short, so the test waits little; each use's own timings have their own tests.
const timings: SaveTimings = { errorResetMs: 500, closeAfterMs: 40 };

/** A form whose save succeeds or fails as the test says, with the button of one use. */
function SaveForm({ outcome, onSaved }: { outcome: () => Promise<void>; onSaved: () => void }) {
  const save = useSaveState(timings);
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        save.start();
        try {
          await outcome();
          save.succeed(onSaved);
        } catch {
          save.fail();
        }
      }}
    >
      <SaveButton state={save.state} labels={{ idle: 'Update Work Log', saving: 'Updating...' }} />
    </form>
  );
}

describe('the save button', () => {
  it('goes idle → saving → saved, with the words of its use, and runs onSaved later', async () => {
    let finish: () => void = () => {};
    const onSaved = vi.fn();
    render(<SaveForm outcome={() => new Promise((r) => (finish = r))} onSaved={onSaved} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update Work Log' }));
    const busy = screen.getByRole('button', { name: 'Updating...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).not.toBeDisabled(); // keyboard focus stays on it
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-disabled', 'true');
    expect(onSaved).not.toHaveBeenCalled();
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
  });

  it("shows 'Try Again' after a failure, then is ready again", async () => {
    render(<SaveForm outcome={() => Promise.reject(new Error('no'))} onSaved={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update Work Log' }));
    const retry = await screen.findByRole('button', { name: 'Try Again' });
    expect(retry).toHaveClass('bg-destructive');
    expect(retry).not.toHaveAttribute('aria-disabled');
    expect(await screen.findByRole('button', { name: 'Update Work Log' })).toBeInTheDocument();
  });
});

describe('the toast of a failed save', () => {
  it('says a save that reached no server did not go through, and that the input is kept', async () => {
    render(<Toaster />);
    act(() => toastSaveFailure(new NetworkError('timeout'), 'Failed to add employer'));
    const toast = await findToast('Not saved');
    expect(toast).toHaveTextContent(
      'Could not reach the server. Your changes are still here: try again.',
    );
  });

  it("shows the caller's message for a refused save, and nothing for an ended session", async () => {
    render(<Toaster />);
    act(() =>
      toastSaveFailure(new ApiError(401, '{"code":"unauthenticated","message":"x"}', ''), 'x'),
    );
    expect(screen.queryByText('x')).not.toBeInTheDocument();
    act(() => toastSaveFailure(new ApiError(500, 'boom', ''), 'Failed to add employer'));
    expect(await findToast('Failed to add employer')).toHaveTextContent('Error');
  });
});
