import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner';
import { loadLandingPage } from '@/features/landing';
import { CaseInsensitiveRouter } from './case-insensitive-router';
import { type InitialSession, loadInitialSession } from './session-bootstrap';
import { ThemeProvider } from './theme-provider';

// The entry chunk is React, wouter, the theme and this file. A signed-out visit to /
// loads only the landing page; everything else (TanStack Query, forms, Radix, the
// signed-in app) is in the App chunk and the chunks it loads.
const LandingPage = lazy(loadLandingPage);
const loadApp = () => import('./app');
const App = lazy(loadApp);

function useInitialSession(): InitialSession | undefined {
  const [session, setSession] = useState<InitialSession>();
  useEffect(() => {
    let live = true;
    void loadInitialSession().then((result) => {
      if (live) setSession(result);
    });
    return () => {
      live = false;
    };
  }, []);
  return session;
}

/** Starts loading the app when the pointer or focus reaches a link that leaves the landing page. */
function usePreloadAppOnIntent(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link && new URL((link as HTMLAnchorElement).href).pathname !== '/') {
        void loadApp().catch(() => {});
      }
    };
    document.addEventListener('pointerover', onIntent);
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [active]);
}

function Bootstrap() {
  const session = useInitialSession();
  const [location] = useLocation();
  const [appStarted, setAppStarted] = useState(false);
  const landingOnly = !appStarted && session?.user === null && location === '/';
  usePreloadAppOnIntent(landingOnly);

  // While GET /api/auth/me is loading (SPEC.md §2).
  if (!session) return <FullPageSpinner />;
  if (landingOnly) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <LandingPage />
      </Suspense>
    );
  }
  // Once started the app stays: its own gate handles every path from here on.
  if (!appStarted) setAppStarted(true);
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <App initialSession={session} />
    </Suspense>
  );
}

export function Root() {
  return (
    <ThemeProvider>
      <CaseInsensitiveRouter>
        <Bootstrap />
      </CaseInsensitiveRouter>
    </ThemeProvider>
  );
}
