import { lazy, Suspense, useEffect, useRef } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { FullPageSpinner } from '@/components/ui/spinner';
import { loadForgotPasswordPage, loadLoginPage, loadRegisterPage, useMe } from '@/features/auth';
import { loadLandingPage } from '@/features/landing';
import { NotFound } from './not-found';
import { protectedPaths } from './routes';
import { useSignOutOnSessionEnd } from './use-sign-out-on-session-end';

// Every screen is its own chunk so the landing page loads nothing of the app.
const LandingPage = lazy(loadLandingPage);
const LoginPage = lazy(loadLoginPage);
const RegisterPage = lazy(loadRegisterPage);
const ForgotPasswordPage = lazy(loadForgotPasswordPage);
const loadSignedInApp = () => import('./signed-in-app');
const SignedInApp = lazy(loadSignedInApp);

type AuthGateProps = {
  signedInHere?: boolean;
};

export function AuthGate({ signedInHere = false }: AuthGateProps) {
  const { data: user, isPending } = useMe();
  const [location] = useLocation();
  useSignOutOnSessionEnd();
  // A sign-in that happens in this tab (not a reload with a session) applies the server's theme.
  const sawSignedOut = useRef(signedInHere);
  if (user === null) sawSignedOut.current = true;

  const onSignInForm = !user && location.toLowerCase() !== '/';
  useEffect(() => {
    // Fetch the app while the visitor types their password.
    if (onSignInForm) void loadSignedInApp().catch(() => {});
  }, [onSignInForm]);

  if (isPending) return <FullPageSpinner />;

  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        {user ? (
          <Route>
            <SignedInApp user={user} applyServerTheme={sawSignedOut.current} />
          </Route>
        ) : null}
        <Route path="/" component={LandingPage} />
        <Route path="/login" component={LoginPage} />
        <Route path="/register" component={RegisterPage} />
        {protectedPaths.map((path) => (
          <Route key={path} path={path} component={LoginPage} />
        ))}
        <Route>
          <NotFound standalone />
        </Route>
      </Switch>
    </Suspense>
  );
}
