import { lazy, Suspense } from 'react';
import { useToast } from '@/components/ui/use-toast';

const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Before the app is loaded, the Radix toast UI is fetched with the first toast. */
export function ToasterOnceNeeded() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
