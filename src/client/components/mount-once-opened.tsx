import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders a lazily loaded dialog only from the first time it opens, then keeps it mounted (so
 * it can animate closed and keep its state). Until then nothing of its code is fetched.
 */
export function MountOnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
