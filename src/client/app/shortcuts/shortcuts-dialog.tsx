import { useEffect, useRef } from 'react';
import { shortcutList } from './keymap';

type ShortcutsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  withTimer: boolean;
};

/**
 * `?`: every shortcut, in a table a screen reader reads row by row. The browser's own modal
 * dialog (focus kept inside, Escape closes, focus returns to where it was), styled as the app's
 * dialogs: no dialog library joins the shell's first load for it.
 */
export function ShortcutsDialog({ open, onOpenChange, withTimer }: ShortcutsDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="shortcuts-title"
      aria-describedby="shortcuts-description"
      onClose={() => onOpenChange(false)}
      // Escape closes it here too, so the state is told at once.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onOpenChange(false);
      }}
      // A click on the backdrop (the dialog element itself, outside its box) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-xl border bg-card p-0 text-card-foreground shadow-xl backdrop:bg-black/60"
    >
      <div className="grid gap-4 p-6">
        <div className="flex flex-col gap-1.5">
          <h2 id="shortcuts-title" className="font-semibold text-lg leading-tight">
            Keyboard shortcuts
          </h2>
          <p id="shortcuts-description" className="text-muted-foreground text-sm">
            Press a key anywhere outside a text field. For “then”, press the second key within a
            second and a half.
          </p>
        </div>
        <table className="w-full text-sm">
          <caption className="sr-only">Keyboard shortcuts</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {shortcutList(withTimer).map(({ keys, does }) => (
              <tr key={does} className="border-b last:border-0">
                <td className="py-2 pr-4 whitespace-nowrap">
                  {keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 ? <span className="px-1 text-muted-foreground">then</span> : null}
                      <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">
                        {key}
                      </kbd>
                    </span>
                  ))}
                </td>
                <td className="py-2">{does}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="flex justify-end">
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className="inline-flex h-10 items-center rounded-md border bg-background px-4 font-medium text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}

export default ShortcutsDialog;
