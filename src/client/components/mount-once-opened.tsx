import { type ReactNode, Suspense, useState } from 'react';

/** Stays mounted after the first opening, so the dialog can animate closed and keep its state. */
export function MountOnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
