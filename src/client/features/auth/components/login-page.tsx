import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { sameNames, showServerFieldErrors } from '@/lib/form-errors';
import { loginBodySchema } from '../../../../shared/schemas/auth.ts';
import { useLogin } from '../api/login';
import { ACCOUNT_DELETED_REASON, SESSION_ENDED_REASON, safeReturnPath } from '../return-path';
import { handOffTemporarySignIn } from '../temporary-sign-in';
import { AuthLayout, authLinkClass } from './auth-layout';
import { PasswordInput } from './password-input';

type LoginInput = z.input<typeof loginBodySchema>;
type LoginOutput = z.output<typeof loginBodySchema>;

const FAILED = 'Something went wrong while signing in. Please try again.';

/**
 * Where to go after signing in: the page the form was shown on (a signed-out visitor who
 * opened /employers gets the form there), or on /login the `next` it was given; else '/'.
 */
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

export function LoginPage() {
  const { returnTo, sessionEnded, accountDeleted } = useReturnPath();
  const [failure, setFailure] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const loginMutation = useLogin({
    returnTo,
    onSuccess: () =>
      toast({ title: 'Login successful', description: 'Welcome back!', variant: 'success' }),
  });

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    loginMutation.mutate(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'password_change_required') {
          handOffTemporarySignIn({ email: values.email, temporaryPassword: values.password });
          navigate('/forgot-password');
          return;
        }
        // A message the server tied to a field shows there; any other under the form.
        const atField = showServerFieldErrors(
          form.setError,
          error,
          sameNames(['email', 'password']),
        );
        const message = errorMessage(error, FAILED);
        setFailure(atField ? null : message);
        toast({ title: 'Login failed', description: message, variant: 'destructive' });
      },
    });
  });

  return (
    <AuthLayout
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
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {sessionEnded ? (
          <FormAlert variant="info">Your session has ended. Please sign in again.</FormAlert>
        ) : null}
        {accountDeleted ? (
          <FormAlert variant="info">Your account has been deleted.</FormAlert>
        ) : null}
        <div className="space-y-2">
          <Label htmlFor="login-email">Email</Label>
          <Input
            id="login-email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...fieldErrorProps('login-email', errors.email?.message)}
            {...form.register('email')}
          />
          <FieldError id="login-email-error">{errors.email?.message}</FieldError>
        </div>
        <div className="space-y-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor="login-password">Password</Label>
            <Link href="/forgot-password" className={`${authLinkClass} text-sm`}>
              Forgot your password
            </Link>
          </div>
          <PasswordInput
            id="login-password"
            autoComplete="current-password"
            {...fieldErrorProps('login-password', errors.password?.message)}
            {...form.register('password')}
          />
          <FieldError id="login-password-error">{errors.password?.message}</FieldError>
        </div>
        <FormAlert>{failure}</FormAlert>
        <Button type="submit" className="w-full" loading={loginMutation.isPending}>
          {loginMutation.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthLayout>
  );
}

export default LoginPage;
