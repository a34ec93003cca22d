import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { PasswordInput } from '@/features/auth';
import { ApiError, isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { sameNames, showServerFieldErrors } from '@/lib/form-errors';
import {
  type ChangePasswordForm,
  changePasswordFormSchema,
} from '../../../../shared/schemas/account.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../shared/schemas/auth.ts';
import { useChangePassword } from '../api/change-password';

const CHECK_CURRENT = 'Please check your current password and try again.';
const fields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const labels: Record<(typeof fields)[number], string> = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
};
const autoComplete = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

/** docs/product/screens.md#settings: change the password; every other signed-in device is signed out. */
export function ChangePasswordCard() {
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const mutation = useChangePassword();

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    mutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast({
            title: 'Password changed',
            description: 'You were signed out everywhere else.',
            variant: 'success',
          });
        },
        onError: (error) => {
          if (isSessionEnded(error)) return;
          const wrongCurrent =
            error instanceof ApiError && error.code === 'invalid_current_password';
          if (wrongCurrent) {
            form.setError(
              'currentPassword',
              { type: 'server', message: error.serverMessage },
              { shouldFocus: true },
            );
          } else {
            showServerFieldErrors(form.setError, error, sameNames(fields));
          }
          toast({
            title: 'Password not changed',
            description: wrongCurrent ? CHECK_CURRENT : errorMessage(error, CHECK_CURRENT),
            variant: 'destructive',
          });
        },
      },
    );
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>
          Your other devices are signed out; this one stays signed in.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
          {fields.map((field) => {
            const hint =
              field === 'newPassword' ? `${PASSWORD_MIN} to ${PASSWORD_MAX} characters.` : null;
            return (
              <Field
                key={field}
                id={`settings-${field}`}
                label={labels[field]}
                hint={hint}
                error={errors[field]?.message}
              >
                <PasswordInput autoComplete={autoComplete[field]} {...form.register(field)} />
              </Field>
            );
          })}
          <Button type="submit" loading={mutation.isPending}>
            {mutation.isPending ? 'Changing password…' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
