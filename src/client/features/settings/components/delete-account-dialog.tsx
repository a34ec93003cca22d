import { type FormEvent, type ReactElement, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { toast } from '@/components/ui/use-toast';
import { PasswordInput } from '@/features/auth';
import { ApiError, isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useDeleteAccount } from '../api/delete-account';

function refusedPassword(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'invalid_current_password') return error.serverMessage;
  return error.code === 'validation_failed' ? (error.errors?.password ?? null) : null;
}

/** `children` is Radix's trigger, so focus goes back to it on close. */
export function DeleteAccountDialog({ children }: { children: ReactElement }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useDeleteAccount();

  function changeOpen(next: boolean) {
    if (mutation.isPending) return;
    if (!next) {
      setPassword('');
      setError(undefined);
    }
    setOpen(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || mutation.isPending) return;
    setError(undefined);
    mutation.mutate(
      { password },
      {
        onError: (failure) => {
          if (isSessionEnded(failure)) return;
          const refused = refusedPassword(failure);
          if (refused) {
            setError(refused);
            document.getElementById('delete-account-password')?.focus();
            return;
          }
          toast({
            title: 'Account not deleted',
            description: errorMessage(failure, 'Could not delete your account. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This permanently deletes your account and cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-2 text-sm">
          <p>These go with it:</p>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            <li>your employers and their work logs</li>
            <li>your timesheets and the documents sent with them</li>
            <li>your settings and your profile picture</li>
          </ul>
          <p className="text-muted-foreground">To keep a copy, use Download my data first.</p>
        </div>
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field id="delete-account-password" label="Your password" error={error}>
            <PasswordInput
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(undefined);
              }}
            />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={mutation.isPending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant="destructive"
              disabled={!password}
              loading={mutation.isPending}
            >
              {mutation.isPending ? 'Deleting…' : 'Delete account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
