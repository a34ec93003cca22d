import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { verifyTemporaryPasswordBodySchema } from '../../../../shared/schemas/auth.ts';
import { useForgotPassword } from '../api/forgot-password';
import { useVerifyTemporaryPassword } from '../api/verify-temporary-password';
import {
  FORGOT_PASSWORD_FAILED,
  forgotPasswordError,
  INVALID_TEMPORARY_PASSWORD,
} from './forgot-password-error';
import { StepActions } from './forgot-password-step-actions';
import { PasswordInput } from './password-input';

const verifyFormSchema = verifyTemporaryPasswordBodySchema.pick({ temporaryPassword: true });
type VerifyInput = z.input<typeof verifyFormSchema>;
type VerifyOutput = z.output<typeof verifyFormSchema>;

type VerifyStepProps = {
  email: string;
  labelledBy: string;
  onVerified: (temporaryPassword: string) => void;
  /** A new temporary password was asked for: it replaces the one mailed before. */
  onResent: () => void;
  onBack: () => void;
};

/** Step 2: the temporary password from the mail, checked before a new one is chosen. */
export function VerifyStep({ email, labelledBy, onVerified, onResent, onBack }: VerifyStepProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<VerifyInput, unknown, VerifyOutput>({
    resolver: zodResolver(verifyFormSchema),
    defaultValues: { temporaryPassword: '' },
  });
  const { errors } = form.formState;
  const mutation = useVerifyTemporaryPassword();
  const resend = useForgotPassword();

  function sendNewCode() {
    setFailure(null);
    resend.mutate(
      { email },
      {
        onSuccess: onResent,
        onError: (error) => setFailure(forgotPasswordError(error, FORGOT_PASSWORD_FAILED)),
      },
    );
  }

  const onSubmit = form.handleSubmit(({ temporaryPassword }) => {
    setFailure(null);
    mutation.mutate(
      { email, temporaryPassword },
      {
        onSuccess: () => onVerified(temporaryPassword),
        onError: (error) => setFailure(forgotPasswordError(error, INVALID_TEMPORARY_PASSWORD)),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={labelledBy} className="space-y-5">
      <p className="text-muted-foreground text-sm [overflow-wrap:anywhere]">
        Enter the temporary password from the mail sent to{' '}
        <span className="font-medium text-foreground">{email}</span>.
      </p>
      <div className="space-y-2">
        <Field
          id="forgot-temporary-password"
          label="Temporary password"
          error={errors.temporaryPassword?.message}
        >
          <PasswordInput
            autoComplete="one-time-code"
            spellCheck={false}
            {...form.register('temporaryPassword')}
          />
        </Field>
        <p className="text-muted-foreground text-sm">
          No mail, or too late?{' '}
          <Button
            type="button"
            variant="link"
            className="h-auto p-0"
            onClick={sendNewCode}
            disabled={resend.isPending || mutation.isPending}
          >
            {resend.isPending ? 'Sending...' : 'Send a new code'}
          </Button>
        </p>
      </div>
      <FormAlert>{failure}</FormAlert>
      <StepActions
        pending={mutation.isPending}
        label="Verify"
        pendingLabel="Verifying..."
        onBack={onBack}
      />
    </form>
  );
}
