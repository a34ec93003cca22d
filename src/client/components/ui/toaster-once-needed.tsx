import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';
import { useToast } from './use-toast';

const loadToaster = () => import('./toaster');
const Toaster = lazy(() => loadToaster().then((m) => ({ default: m.Toaster })));

/**
 * The Radix toast UI (and F8 to reach it), kept out of a page's first load: rendered with the
 * first toast, or, when `warm`, once the browser is idle. Mounted before any toast, the toasts
 * take their turn after a dialog opened with them: Escape closes the dialog first, as it did
 * when the toaster came with the page.
 */
export function ToasterOnceNeeded({ warm = false }: { warm?: boolean }) {
  const { toasts } = useToast();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!warm) return;
    // A failed fetch is not an error here: the first toast asks again.
    return whenIdle(() => {
      loadToaster().then(
        () => setIdle(true),
        () => {},
      );
    });
  }, [warm]);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
