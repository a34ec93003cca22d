import { Dialog as DialogPrimitive } from 'radix-ui';
import {
  type ComponentProps,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { ConfirmDialog } from './confirm-dialog';

const ReportDirty = createContext<((dirty: boolean) => void) | null>(null);

/**
 * While `dirty`, every way of closing the dialog but the `open` prop (after a save) asks
 * 'Discard changes?' first; leaving the page asks the browser's own question.
 */
export function useDiscardGuard(dirty: boolean) {
  const report = useContext(ReportDirty);
  useEffect(() => report?.(dirty), [report, dirty]);
  useEffect(() => () => report?.(false), [report]);
}

export function GuardedDialogRoot({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Root>) {
  const [openState, setOpenState] = useState(defaultOpen);
  const open = openProp ?? openState;
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const focusBeforeAsking = useRef<Element | null>(null);
  const discarding = useRef(false);

  const reportDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  function setOpen(next: boolean) {
    if (openProp === undefined) setOpenState(next);
    onOpenChange?.(next);
  }

  function requestOpenChange(next: boolean) {
    if (next || !dirty.current) {
      setOpen(next);
      return;
    }
    focusBeforeAsking.current = document.activeElement;
    discarding.current = false;
    setAsking(true);
  }

  const onBack = useRef<() => boolean>(() => true);
  onBack.current = () => {
    const closing = !dirty.current;
    requestOpenChange(false);
    return closing;
  };
  useEffect(() => {
    if (!open) return;
    // Loaded on first use: it is not part of any page's first load.
    const entry = import('./dialog-history').then((history) => ({
      history,
      entry: history.openDialogEntry(() => onBack.current()),
    }));
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (dirty.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      void entry.then(({ history, entry }) => history.closeDialogEntry(entry));
    };
  }, [open]);

  return (
    <ReportDirty.Provider value={reportDirty}>
      <DialogPrimitive.Root open={open} onOpenChange={requestOpenChange} {...props}>
        {children}
      </DialogPrimitive.Root>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Discard changes?"
        description="What you typed in this form has not been saved. If you close it now, it will be lost."
        cancelLabel="Keep Editing"
        confirmLabel="Discard Changes"
        onConfirm={() => {
          discarding.current = true;
          dirty.current = false;
          setAsking(false);
          setOpen(false);
        }}
        onCloseAutoFocus={(event) => {
          // On Discard the dialog's own close handling decides where focus goes.
          event.preventDefault();
          const field = focusBeforeAsking.current;
          if (!discarding.current && field instanceof HTMLElement && field.isConnected) {
            field.focus();
          }
        }}
      />
    </ReportDirty.Provider>
  );
}
