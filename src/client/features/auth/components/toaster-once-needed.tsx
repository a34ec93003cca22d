import { lazy, Suspense } from 'react';
import { useToast } from '@/components/ui/use-toast';

const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * The notification area of a sign-in or sign-up page shown before the app is loaded: the
 * Radix toast UI is fetched with the first toast. The app has its own (src/client/app/app.tsx).
 */
export function ToasterOnceNeeded() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
