import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { forgotPasswordBodySchema } from '../../../../shared/schemas/auth.ts';
import { useForgotPassword } from '../api/forgot-password';
import { FORGOT_PASSWORD_FAILED, forgotPasswordError } from './forgot-password-error';

type RequestInput = z.input<typeof forgotPasswordBodySchema>;
type RequestOutput = z.output<typeof forgotPasswordBodySchema>;

type RequestStepProps = {
  /** The address typed before, when the user came back to this step. */
  defaultEmail: string;
  labelledBy: string;
  onSent: (email: string, message: string) => void;
};

/** Step 1: the account's address; the server mails a temporary password to it. */
export function RequestStep({ defaultEmail, labelledBy, onSent }: RequestStepProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RequestInput, unknown, RequestOutput>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors } = form.formState;
  const mutation = useForgotPassword();

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    mutation.mutate(values, {
      onSuccess: ({ message }) => onSent(values.email, message),
      onError: (error) => setFailure(forgotPasswordError(error, FORGOT_PASSWORD_FAILED)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={labelledBy} className="space-y-5">
      <p className="text-muted-foreground text-sm">
        Enter the e-mail address of your account. We will e-mail you a temporary password.
      </p>
      <Field id="forgot-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.register('email')}
        />
      </Field>
      <FormAlert>{failure}</FormAlert>
      <Button type="submit" className="w-full" loading={mutation.isPending}>
        {mutation.isPending ? 'Sending...' : 'Send Temporary Password'}
      </Button>
    </form>
  );
}
