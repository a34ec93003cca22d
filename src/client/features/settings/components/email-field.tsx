import { lazy, useRef, useState } from 'react';
import { MountOnceOpened } from '@/components/mount-once-opened';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useAdminStatus } from '@/features/auth';

// Shipped in this chunk with the e-mail field, so the two read-only fields arrive together.
export { AccountIdField } from './account-id-field';

// The dialog brings zod and react-hook-form: loaded on demand to keep the page's budget.
const loadChangeEmailDialog = () => import('./change-email-dialog');
const ChangeEmailDialog = lazy(() =>
  loadChangeEmailDialog().then((module) => ({ default: module.ChangeEmailDialog })),
);
const preloadChangeEmailDialog = () => void loadChangeEmailDialog().catch(() => {});

export function EmailField({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const pendingEmail = useAdminStatus().data?.pendingEmail;
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className="min-w-0 max-w-xl space-y-2">
      <Field
        id="settings-email"
        label="Email"
        hint="The address you sign in with and where Hourbook sends account mail."
      >
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input {...control} type="email" value={email} readOnly className="sm:flex-1" />
            <Button
              ref={button}
              type="button"
              variant="outline"
              onPointerEnter={preloadChangeEmailDialog}
              onFocus={preloadChangeEmailDialog}
              onClick={() => {
                setOpen(true);
              }}
            >
              Change Email
            </Button>
          </div>
        )}
      </Field>
      {pendingEmail ? (
        <p role="status" className="text-sm [overflow-wrap:anywhere]">
          Waiting for you to confirm <strong>{pendingEmail}</strong>: open the link we mailed there.
          Until then you sign in with {email}.
        </p>
      ) : null}
      <MountOnceOpened open={open}>
        <ChangeEmailDialog
          currentEmail={email}
          open={open}
          onOpenChange={setOpen}
          returnFocusTo={button}
        />
      </MountOnceOpened>
    </div>
  );
}
