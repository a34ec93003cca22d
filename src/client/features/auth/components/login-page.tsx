import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { loginBodySchema } from '../../../../shared/schemas/auth.ts';
import { useLogin } from '../api/login';
import { AuthLayout, authLinkClass } from './auth-layout';
import { PasswordInput } from './password-input';

type LoginInput = z.input<typeof loginBodySchema>;
type LoginOutput = z.output<typeof loginBodySchema>;

export function LoginPage() {
  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const loginMutation = useLogin({
    onSuccess: () =>
      toast({ title: 'Login successful', description: 'Welcome back!', variant: 'success' }),
  });

  const onSubmit = form.handleSubmit((values) =>
    loginMutation.mutate(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.errors) {
          for (const [field, message] of Object.entries(error.errors)) {
            if (field === 'email' || field === 'password') form.setError(field, { message });
          }
        }
        toast({
          title: 'Login failed',
          description: error instanceof ApiError ? error.serverMessage : error.message,
          variant: 'destructive',
        });
      },
    }),
  );

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
        <Button type="submit" className="w-full" loading={loginMutation.isPending}>
          {loginMutation.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthLayout>
  );
}

export default LoginPage;
