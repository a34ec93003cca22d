import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Harness({ onConfirm, pending = false }: { onConfirm: () => void; pending?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Delete Acme?"
      description="Deleting an employer permanently removes all associated work logs and timesheets."
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}

describe('the confirm dialog', () => {
  it('asks its question with a title and description, and Cancel says no', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Acme?' });
    expect(dialog).toHaveAccessibleDescription(/permanently removes all associated work logs/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('closes on Escape without doing anything', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms, and stays open while the action runs so the caller closes it when done', async () => {
    const onConfirm = vi.fn();
    const { rerender } = render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    rerender(<Harness onConfirm={onConfirm} pending />);
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
  });
});
