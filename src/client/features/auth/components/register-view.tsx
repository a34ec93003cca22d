import { useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { ToasterOnceNeeded } from '@/components/ui/toaster-once-needed';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/error-message';
import { publicPages } from '@/prerender/public-pages';
import type { User } from '../../../../shared/schemas/auth.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../shared/schemas/auth-limits.ts';
import { register } from '../api/register';
import { checkRegister, type RegisterValues, registerFields } from '../auth-form-rules';
import { AuthLayout, authLinkClass } from './auth-layout';
import { PasswordInput } from './password-input';
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
  onSignedIn: (user: User) => void;
  /** Shown without the app around it, which has the notification area: bring one. */
  standalone?: boolean;
};

/** docs/product/screens.md#sign-up; light and prerendered like LoginView. */
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

  const { errors } = form;

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
        onFocus={form.preload}
        noValidate
      >
        <fieldset disabled={!ready} className="min-w-0 space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="register-firstName" label="First name (optional)" error={errors.firstName}>
              <Input name="firstName" autoComplete="given-name" />
            </Field>
            <Field id="register-lastName" label="Last name (optional)" error={errors.lastName}>
              <Input name="lastName" autoComplete="family-name" />
            </Field>
          </div>
          <Field id="register-email" label="Email" error={errors.email}>
            <Input name="email" type="email" autoComplete="email" placeholder="you@example.com" />
          </Field>
          <Field
            id="register-password"
            label="Password"
            // The error takes the hint's place.
            hint={errors.password ? null : `${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
            error={errors.password}
          >
            <PasswordInput name="password" autoComplete="new-password" />
          </Field>
          <Field
            id="register-confirmPassword"
            label="Confirm password"
            error={errors.confirmPassword}
          >
            <PasswordInput name="confirmPassword" autoComplete="new-password" />
          </Field>
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
