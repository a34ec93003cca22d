import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { User } from '../../../../shared/schemas/auth.ts';
import { NameField } from './name-field';
import { ProfilePictureEditor } from './profile-picture-editor';
import type { SaveGeneral } from './use-general-save';

// The Account ID and the address (with its Change Email button and what a change waits for)
// come in their own chunk, asked for as soon as this module runs (no wait behind the page's
// first render), keeping the Settings page within its budget; same-sized placeholders stand
// in for the moment it takes.
const loadEmailField = () => import('./email-field');
const EmailField = lazy(() => loadEmailField().then((module) => ({ default: module.EmailField })));
const AccountIdField = lazy(() =>
  loadEmailField().then((module) => ({ default: module.AccountIdField })),
);
void loadEmailField().catch(() => {});

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
        <Suspense fallback={<FieldPlaceholder />}>
          <AccountIdField accountId={user.accountId} />
        </Suspense>
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
        <Suspense fallback={<FieldPlaceholder />}>
          <EmailField email={user.email} />
        </Suspense>
      </CardContent>
    </Card>
  );
}

/** The label, box and hint of a read-only field while its chunk arrives. */
function FieldPlaceholder() {
  return (
    <div className="max-w-xl space-y-2" aria-hidden="true">
      <Skeleton className="h-4 w-12" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-4 w-72 max-w-full" />
    </div>
  );
}
