import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { ApiError } from '@/lib/api-client';
import { showServerFieldErrors } from '@/lib/form-errors';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  resetPasswordFormSchema,
} from '../../../../shared/schemas/auth.ts';
import { useResetPassword } from '../api/reset-password';
import { forgotPasswordError, RESET_PASSWORD_FAILED } from './forgot-password-error';
import { StepActions } from './forgot-password-step-actions';
import { PasswordInput } from './password-input';

type ResetInput = z.input<typeof resetPasswordFormSchema>;
type ResetOutput = z.output<typeof resetPasswordFormSchema>;

const fields = [
  {
    name: 'newPassword',
    label: 'New password',
    hint: `${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
  },
  { name: 'confirmPassword', label: 'Confirm new password', hint: undefined },
] as const;

type ResetStepProps = {
  email: string;
  temporaryPassword: string;
  labelledBy: string;
  onReset: (message: string) => void;
  /** The temporary password stopped working meanwhile (expired, used, too many tries). */
  onExpired: () => void;
  onBack: () => void;
};

/** Step 3: the new password, twice; the temporary one is spent when it is saved. */
export function ResetStep({
  email,
  temporaryPassword,
  labelledBy,
  onReset,
  onExpired,
  onBack,
}: ResetStepProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetInput, unknown, ResetOutput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const mutation = useResetPassword();

  const onSubmit = form.handleSubmit(({ newPassword }) => {
    setFailure(null);
    mutation.mutate(
      { email, temporaryPassword, newPassword },
      {
        onSuccess: ({ message }) => onReset(message),
        onError: (error) => {
          // Nothing on this step can fix that: start again with a new temporary password.
          if (error instanceof ApiError && error.code === 'invalid_temporary_password') {
            onExpired();
            return;
          }
          // A refused new password (too common, say) shows under its field; the rest below.
          const atField = showServerFieldErrors(form.setError, error, {
            newPassword: 'newPassword',
          });
          setFailure(atField ? null : forgotPasswordError(error, RESET_PASSWORD_FAILED));
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={labelledBy} className="space-y-5">
      {fields.map(({ name, label, hint }) => (
        <Field
          key={name}
          id={`forgot-${name}`}
          label={label}
          hint={hint}
          error={errors[name]?.message}
        >
          <PasswordInput autoComplete="new-password" {...form.register(name)} />
        </Field>
      ))}
      <FormAlert>{failure}</FormAlert>
      <StepActions
        pending={mutation.isPending}
        label="Reset Password"
        pendingLabel="Resetting..."
        onBack={onBack}
      />
    </form>
  );
}
