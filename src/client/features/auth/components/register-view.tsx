import { useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/error-message';
import { publicPages } from '@/prerender/public-pages';
import type { User } from '../../../../shared/schemas/auth.ts';
import { register } from '../api/register';
import {
  checkRegister,
  type RegisterField,
  type RegisterValues,
  registerFields,
} from '../auth-form-rules';
import { AuthLayout, authLinkClass } from './auth-layout';
import { PasswordInput } from './password-input';
import { ToasterOnceNeeded } from './toaster-once-needed';
import { useAuthForm } from './use-auth-form';
import { useHydrated } from './use-hydrated';

const FAILED = 'Something went wrong while creating your account. Please try again.';

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

type RegisterViewProps = {
  /** Told of the new user, signed in by the server, before the browser moves on. */
  onSignedIn: (user: User) => void;
  /** Shown without the app around it, which has the notification area: bring one. */
  standalone?: boolean;
};

/**
 * The sign-up page (docs/product/screens.md#sign-up), light enough to be the first page a visitor loads:
 * no form library, no query cache. Rendered to HTML at build time (scripts/prerender.mjs).
 */
export function RegisterView({ onSignedIn, standalone = false }: RegisterViewProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [, navigate] = useLocation();
  const ready = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAuthForm(registerFields, checkRegister);

  const signUp = async (values: RegisterValues) => {
    setFailure(null);
    setPending(true);
    try {
      const { user } = await register({
        ...values,
        firstName: values.firstName || undefined,
        lastName: values.lastName || undefined,
        timeZone: browserTimeZone(),
      });
      onSignedIn(user);
      toast({
        title: 'Registration successful',
        description: 'Welcome to Hourbook!',
        variant: 'success',
      });
      navigate('/');
    } catch (error) {
      // A message the server tied to a field shows there; any other under the form.
      const atField = form.showServerErrors(error, formRef.current);
      const message = errorMessage(error, FAILED);
      setFailure(atField ? null : message);
      toast({ title: 'Registration failed', description: message, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const field = (name: RegisterField) => form.fieldProps(name, `register-${name}`);
  const error = (name: RegisterField) => (
    <FieldError id={`register-${name}-error`}>{form.errors[name]}</FieldError>
  );

  const page = (
    <AuthLayout
      documentTitle={publicPages.register.title}
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
      <form
        ref={formRef}
        onSubmit={form.handleSubmit((values) => void signUp(values))}
        onChange={form.onChange}
        noValidate
      >
        <fieldset disabled={!ready} className="min-w-0 space-y-5">
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
            {form.errors.password ? (
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
          <Button type="submit" className="w-full" loading={pending}>
            {pending ? 'Creating account...' : 'Create Account'}
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
export default RegisterView;
