import { useRef } from 'react';

/**
 * Radix returns focus to a dialog's own Trigger; these dialogs are opened from buttons elsewhere,
 * so focus goes back to what had it when the dialog opened, if it is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
