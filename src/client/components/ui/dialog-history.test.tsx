import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  useDiscardGuard,
} from './dialog';

function NoteForm() {
  const [note, setNote] = useState('');
  useDiscardGuard(note !== '');
  return (
    <>
      <label htmlFor="note">Note</label>
      <input id="note" value={note} onChange={(event) => setNote(event.target.value)} />
      <DialogClose>Cancel</DialogClose>
    </>
  );
}

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Add note
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Add a note</DialogTitle>
          <DialogDescription>Anything you like.</DialogDescription>
          {open ? <NoteForm /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

const marked = () => Object.keys((window.history.state as object | null) ?? {}).length > 0;
const popped = () =>
  new Promise<void>((resolve) =>
    window.addEventListener('popstate', () => resolve(), { once: true }),
  );

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
  await screen.findByRole('dialog', { name: 'Add a note' });
  await waitFor(() => expect(marked()).toBe(true));
}

async function pressBack() {
  const done = popped();
  window.history.back();
  await done;
}

describe('the browser Back button and a dialog', () => {
  it('Back closes a pristine dialog and leaves the page where it was', async () => {
    render(<Page />);
    const before = window.history.length;
    await openDialog();
    expect(window.history.length).toBe(before + 1);
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(marked()).toBe(false);
  });

  it('Back on a dialog holding changes asks first; Keep Editing keeps the text and the entry', async () => {
    render(<Page />);
    await openDialog();
    await userEvent.type(screen.getByLabelText('Note'), 'half a thought');
    await pressBack();
    const question = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await waitFor(() => expect(marked()).toBe(true));
    await userEvent.click(
      (await screen.findAllByRole('button', { name: 'Keep Editing' })).at(0) ?? question,
    );
    expect(screen.getByLabelText('Note')).toHaveValue('half a thought');
    expect(marked()).toBe(true);

    // Back again, and this time discard: the dialog closes and its entry goes.
    await pressBack();
    await userEvent.click(await screen.findByRole('button', { name: 'Discard Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(marked()).toBe(false));
  });

  it("the dialog's own close takes its entry back off, so Back leaves no dead press", async () => {
    render(<Page />);
    await openDialog();
    const done = popped();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await done;
    expect(marked()).toBe(false);
    // Opened again: one entry again, not two.
    await openDialog();
    await pressBack();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(marked()).toBe(false);
  });

  it('asks the browser before the page is left only while the dialog holds changes', async () => {
    render(<Page />);
    await openDialog();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await userEvent.type(screen.getByLabelText('Note'), 'x');
    expect(leave()).toBe(true);
  });
});
