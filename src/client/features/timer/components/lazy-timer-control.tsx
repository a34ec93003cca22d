import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/when-idle';

// Out of every page's first load (the routes' bundle budgets), and fetched once the page has
// loaded and the browser is idle, so it takes nothing from the page's first paint.
const TimerControlChunk = lazy(() => import('./timer-control'));

/** The top bar's timer, loaded after the page. */
export function LazyTimerControl() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <TimerControlChunk />
    </Suspense>
  );
}
