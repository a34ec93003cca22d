import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Router, useLocation } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner';
import { loadLoginView, loadRegisterView } from '@/features/auth/first-visit';
import { loadLandingPage } from '@/features/landing';
import {
  DEFAULT_TITLE,
  type PublicPageName,
  publicPageAt,
  publicPages,
} from '@/prerender/public-pages';
import type { User } from '../../shared/schemas/auth.ts';
import { CaseInsensitiveRouter } from './case-insensitive-router';
import { type InitialSession, loadInitialSession, SIGNED_OUT } from './session-bootstrap';
import { ThemeProvider } from './theme-provider';

// A signed-out visit to /, /login or /register loads only that page's chunk; the rest is App's.
const LandingPage = lazy(loadLandingPage);
const LoginView = lazy(loadLoginView);
const RegisterView = lazy(loadRegisterView);
const loadApp = () => import('./app');
const App = lazy(loadApp);
const pageLoaders: Record<PublicPageName, () => Promise<unknown>> = {
  landing: loadLandingPage,
  login: loadLoginView,
  register: loadRegisterView,
};

/** Prerendered pages go only to browsers without a session cookie (decision 020): signed out. */
function useInitialSession(prerendered: boolean) {
  const [session, setSession] = useState<InitialSession | undefined>(
    prerendered ? SIGNED_OUT : undefined,
  );
  useEffect(() => {
    if (prerendered) return;
    let live = true;
    void loadInitialSession().then((result) => {
      if (live) setSession(result);
    });
    return () => {
      live = false;
    };
  }, [prerendered]);
  return [session, setSession] as const;
}

function usePreloadOnIntent(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onIntent = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      const link = target?.closest<HTMLAnchorElement>('a[href]');
      if (link) {
        const page = publicPageAt(new URL(link.href).pathname);
        void (page ? pageLoaders[page]() : loadApp()).catch(() => {});
      } else if (event.type === 'focusin' && target?.closest('form')) {
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

function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title]);
}

/** Also the shell's HTML (scripts/prerender.mjs): a slow first load shows a spinner, not a blank. */
export function BootScreen() {
  return (
    <div className="relative">
      <p className="absolute top-5 left-4 font-bold text-foreground text-lg sm:left-8">Hourbook</p>
      <FullPageSpinner />
    </div>
  );
}

function PublicPage({ name, onSignedIn }: { name: PublicPageName; onSignedIn(user: User): void }) {
  if (name === 'login') return <LoginView onSignedIn={onSignedIn} standalone />;
  if (name === 'register') return <RegisterView onSignedIn={onSignedIn} standalone />;
  return <LandingPage />;
}

function Bootstrap({ prerendered }: { prerendered: boolean }) {
  const [session, setSession] = useInitialSession(prerendered);
  const [location] = useLocation();
  const [appStarted, setAppStarted] = useState(false);
  const page = !appStarted && session?.user === null ? publicPageAt(location) : null;
  usePreloadOnIntent(page !== null);
  useDocumentTitle(session ? (page ? publicPages[page].title : DEFAULT_TITLE) : undefined);
  const signedIn = useCallback(
    (user: User) => setSession({ user, failed: false, signedInHere: true }),
    [setSession],
  );

  // While GET /api/auth/me is loading (docs/product/screens.md#routes-and-access).
  if (!session) return <BootScreen />;
  if (page) {
    return (
      <Suspense fallback={<BootScreen />}>
        <PublicPage name={page} onSignedIn={signedIn} />
      </Suspense>
    );
  }
  // Once started the app stays: its own gate handles every path from here on.
  if (!appStarted) setAppStarted(true);
  return (
    <Suspense fallback={<BootScreen />}>
      <App initialSession={session} />
    </Suspense>
  );
}

type RootProps = {
  /** The public page whose build-time HTML is in the document, to hydrate (src/client/main.tsx). */
  prerendered?: PublicPageName | undefined;
};

/** Rendered by scripts/prerender.mjs; while hydrating, the router reads the rendered path. */
export function RootRoutes({ prerendered }: RootProps) {
  const bootstrap = <Bootstrap prerendered={prerendered !== undefined} />;
  return (
    <CaseInsensitiveRouter>
      {prerendered ? (
        <Router ssrPath={publicPages[prerendered].path} ssrSearch="">
          {bootstrap}
        </Router>
      ) : (
        bootstrap
      )}
    </CaseInsensitiveRouter>
  );
}

export function Root({ prerendered }: RootProps) {
  return (
    <ThemeProvider>
      <RootRoutes prerendered={prerendered} />
    </ThemeProvider>
  );
}
