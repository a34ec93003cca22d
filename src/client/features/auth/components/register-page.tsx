import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/error-message';
import { sameNames, showServerFieldErrors } from '@/lib/form-errors';
import { registerBodySchema } from '../../../../shared/schemas/auth.ts';
import { useRegister } from '../api/register';
import { AuthLayout, authLinkClass } from './auth-layout';
import { PasswordInput } from './password-input';

type RegisterInput = z.input<typeof registerBodySchema>;
type RegisterOutput = z.output<typeof registerBodySchema>;
type FieldName = keyof RegisterInput;
const fieldNames: FieldName[] = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'];
const FAILED = 'Something went wrong while creating your account. Please try again.';

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function RegisterPage() {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegisterInput, unknown, RegisterOutput>({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const registerMutation = useRegister({
    onSuccess: () =>
      toast({
        title: 'Registration successful',
        description: 'Welcome to Hourbook!',
        variant: 'success',
      }),
  });

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    registerMutation.mutate(
      {
        ...values,
        firstName: values.firstName || undefined,
        lastName: values.lastName || undefined,
        timeZone: browserTimeZone(),
      },
      {
        onError: (error) => {
          // A message the server tied to a field shows there; any other under the form.
          const atField = showServerFieldErrors(form.setError, error, sameNames(fieldNames));
          const message = errorMessage(error, FAILED);
          setFailure(atField ? null : message);
          toast({ title: 'Registration failed', description: message, variant: 'destructive' });
        },
      },
    );
  });

  const field = (name: FieldName) => ({
    id: `register-${name}`,
    ...fieldErrorProps(`register-${name}`, errors[name]?.message),
    ...form.register(name),
  });
  const error = (name: FieldName) => (
    <FieldError id={`register-${name}-error`}>{errors[name]?.message}</FieldError>
  );

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start tracking your hours for free"
      footer={
        <>
          Already have an account?{' '}
          <Link href="/login" className={authLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="register-firstName">First name (optional)</Label>
            <Input autoComplete="given-name" {...field('firstName')} />
            {error('firstName')}
          </div>
          <div className="space-y-2">
            <Label htmlFor="register-lastName">Last name (optional)</Label>
            <Input autoComplete="family-name" {...field('lastName')} />
            {error('lastName')}
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor="register-email">Email</Label>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...field('email')}
          />
          {error('email')}
        </div>
        <div className="space-y-2">
          <Label htmlFor="register-password">Password</Label>
          <PasswordInput autoComplete="new-password" {...field('password')} />
          {errors.password ? (
            error('password')
          ) : (
            <p className="text-muted-foreground text-xs">8 to 128 characters.</p>
          )}
        </div>
        <div className="space-y-2">
          <Label htmlFor="register-confirmPassword">Confirm password</Label>
          <PasswordInput autoComplete="new-password" {...field('confirmPassword')} />
          {error('confirmPassword')}
        </div>
        <FormAlert>{failure}</FormAlert>
        <Button type="submit" className="w-full" loading={registerMutation.isPending}>
          {registerMutation.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
    </AuthLayout>
  );
}

export default RegisterPage;
