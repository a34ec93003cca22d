import { lazy, useRef, useState } from 'react';
import { MountOnceOpened } from '@/components/mount-once-opened';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { User } from '../../../../shared/schemas/auth.ts';
import { AccountIdField } from './account-id-field';
import { NameField } from './name-field';
import { ProfilePictureEditor } from './profile-picture-editor';
import type { SaveGeneral } from './use-general-save';

// The dialog brings zod, react-hook-form and the shared schemas: they load when it is first
// wanted (or the button is pointed at), keeping the Settings page within its budget.
const loadChangeEmailDialog = () => import('./change-email-dialog');
const ChangeEmailDialog = lazy(() =>
  loadChangeEmailDialog().then((module) => ({ default: module.ChangeEmailDialog })),
);
const preloadChangeEmailDialog = () => void loadChangeEmailDialog().catch(() => {});

type ProfileCardProps = {
  user: User;
  save: SaveGeneral;
};

/** Picture, Account ID, name (saved as typed) and the sign-in address (docs/product/screens.md#settings). */
export function ProfileCard({ user, save }: ProfileCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your picture and name as Hourbook shows them.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ProfilePictureEditor user={user} />
        <AccountIdField accountId={user.accountId} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <NameField
            field="firstName"
            label="First name"
            initial={user.firstName ?? ''}
            autoComplete="given-name"
            save={save}
          />
          <NameField
            field="lastName"
            label="Last name"
            initial={user.lastName ?? ''}
            autoComplete="family-name"
            save={save}
          />
        </div>
        <EmailField email={user.email} />
      </CardContent>
    </Card>
  );
}

/** The sign-in address: read-only here (never autosaved); it changes through the dialog. */
function EmailField({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className="min-w-0 max-w-xl space-y-2">
      <Label htmlFor="settings-email">Email</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="settings-email"
          type="email"
          value={email}
          readOnly
          aria-describedby="settings-email-hint"
          className="sm:flex-1"
        />
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
      <p id="settings-email-hint" className="text-muted-foreground text-xs">
        The address you sign in with and where Hourbook sends account mail.
      </p>
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
