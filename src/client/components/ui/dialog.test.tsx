import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
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

function Harness({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button">Outside</button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          onOpenChange(next);
        }}
      >
        <DialogContent>
          <DialogTitle>Add a note</DialogTitle>
          <DialogDescription>Anything you like.</DialogDescription>
          {open ? <NoteForm /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

const discardQuestion = () => screen.findByRole('alertdialog', { name: 'Discard changes?' });

describe('a dialog with a form', () => {
  it('closes at once on Escape while nothing was typed', async () => {
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before Escape, a click outside, the close button or Cancel throws input away', async () => {
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    await userEvent.type(screen.getByLabelText('Note'), 'half a thought');
    const ways = [
      () => userEvent.keyboard('{Escape}'),
      // Radix makes the page behind a modal dialog ignore the pointer; a person still clicks it.
      () =>
        userEvent
          .setup({ pointerEventsCheck: 0 })
          .click(screen.getByRole('button', { name: 'Outside', hidden: true })),
      () => userEvent.click(screen.getByRole('button', { name: 'Close' })),
      () => userEvent.click(screen.getByRole('button', { name: 'Cancel' })),
    ];
    for (const close of ways) {
      await close();
      const ask = await discardQuestion();
      expect(ask).toHaveAccessibleDescription(/has not been saved/);
      await userEvent.click(within(ask).getByRole('button', { name: 'Keep Editing' }));
      expect(screen.getByLabelText('Note')).toHaveValue('half a thought');
    }
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('closes and forgets the input when the user chooses to discard it', async () => {
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    await userEvent.type(screen.getByLabelText('Note'), 'never mind');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      within(await discardQuestion()).getByRole('button', { name: 'Discard Changes' }),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
