import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { User } from '../../../../shared/schemas/auth.ts';
import { AccountIdField } from './account-id-field';
import { NameField } from './name-field';
import { ProfilePictureEditor } from './profile-picture-editor';
import type { SaveGeneral } from './use-general-save';

type ProfileCardProps = {
  user: User;
  save: SaveGeneral;
};

/** Picture, Account ID, name (saved as typed) and the sign-in address (SPEC.md §2 General). */
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
        <div className="min-w-0 max-w-xl space-y-2">
          <Label htmlFor="settings-email">Email</Label>
          <Input
            id="settings-email"
            type="email"
            value={user.email}
            readOnly
            aria-describedby="settings-email-hint"
          />
          <p id="settings-email-hint" className="text-muted-foreground text-xs">
            The address you sign in with and where Hourbook sends account mail.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
