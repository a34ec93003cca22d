import { useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { ToasterOnceNeeded } from '@/components/ui/toaster-once-needed';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { publicPages } from '@/prerender/public-pages';
import type { LoginBody, User } from '../../../../shared/schemas/auth.ts';
import { login } from '../api/login';
import { checkLogin, loginFields } from '../auth-form-rules';
import { ACCOUNT_DELETED_REASON, SESSION_ENDED_REASON, safeReturnPath } from '../return-path';
import { handOffTemporarySignIn } from '../temporary-sign-in';
import { AuthLayout, authLinkClass } from './auth-layout';
import { PasswordInput } from './password-input';
import { useAuthForm } from './use-auth-form';
import { useHydrated } from './use-hydrated';

const FAILED = 'Something went wrong while signing in. Please try again.';

/** The page the form was shown on (a signed-out visit to /employers), or /login's `next`. */
function useReturnPath(): { returnTo: string; sessionEnded: boolean; accountDeleted: boolean } {
  const [location] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const onLoginPage = /^\/login\/?$/i.test(location);
  const asked = onLoginPage ? params.get('next') : `${location}${search ? `?${search}` : ''}`;
  return {
    returnTo: safeReturnPath(asked) ?? '/',
    sessionEnded: onLoginPage && params.get('reason') === SESSION_ENDED_REASON,
    accountDeleted: onLoginPage && params.get('reason') === ACCOUNT_DELETED_REASON,
  };
}

type LoginViewProps = {
  onSignedIn: (user: User) => void;
  /** Shown without the app around it, which has the notification area: bring one. */
  standalone?: boolean;
};

/**
 * docs/product/screens.md#sign-in. Light enough to be a first page (no form library, no query
 * cache); prerendered at build time (scripts/prerender.mjs).
 */
export function LoginView({ onSignedIn, standalone = false }: LoginViewProps) {
  const { returnTo, sessionEnded, accountDeleted } = useReturnPath();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [, navigate] = useLocation();
  const ready = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAuthForm(loginFields, checkLogin);

  const signIn = async (values: LoginBody) => {
    setFailure(null);
    setPending(true);
    try {
      const { user } = await login(values);
      onSignedIn(user);
      toast({ title: 'Login successful', description: 'Welcome back!', variant: 'success' });
      navigate(returnTo, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'password_change_required') {
        handOffTemporarySignIn({ email: values.email, temporaryPassword: values.password });
        navigate('/forgot-password');
        return;
      }
      // A message the server tied to a field shows there; any other under the form.
      const atField = form.showServerErrors(error, formRef.current);
      const message = errorMessage(error, FAILED);
      setFailure(atField ? null : message);
      toast({ title: 'Login failed', description: message, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const { errors } = form;
  const page = (
    <AuthLayout
      documentTitle={publicPages.login.title}
      title="Welcome back"
      subtitle="Sign in to your Hourbook account"
      footer={
        <>
          Don't have an account?{' '}
          <Link href="/register" className={authLinkClass}>
            Sign up
          </Link>
        </>
      }
    >
      <form
        ref={formRef}
        onSubmit={form.handleSubmit((values) => void signIn(values))}
        onChange={form.onChange}
        onFocus={form.preload}
        noValidate
      >
        <fieldset disabled={!ready} className="min-w-0 space-y-5">
          {sessionEnded ? (
            <FormAlert variant="info">Your session has ended. Please sign in again.</FormAlert>
          ) : null}
          {accountDeleted ? (
            <FormAlert variant="info">Your account has been deleted.</FormAlert>
          ) : null}
          <Field id="login-email" label="Email" error={errors.email}>
            <Input name="email" type="email" autoComplete="email" placeholder="you@example.com" />
          </Field>
          <Field
            id="login-password"
            label="Password"
            labelAside={
              <Link href="/forgot-password" className={`${authLinkClass} text-sm`}>
                Forgot your password
              </Link>
            }
            error={errors.password}
          >
            <PasswordInput name="password" autoComplete="current-password" />
          </Field>
          <FormAlert>{failure}</FormAlert>
          <Button type="submit" className="w-full" loading={pending}>
            {pending ? 'Signing in...' : 'Sign In'}
          </Button>
        </fieldset>
      </form>
    </AuthLayout>
  );
  return (
    <>
      {page}
      {standalone ? <ToasterOnceNeeded /> : null}
    </>
  );
}

// React.lazy needs a default export.
export default LoginView;
