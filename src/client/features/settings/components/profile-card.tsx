import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { User } from '../../../../shared/schemas/auth.ts';
import { NameField } from './name-field';
import { ProfilePictureEditor } from './profile-picture-editor';
import type { SaveGeneral } from './use-general-save';

// Own chunk, asked for as this module runs, to keep the Settings page within its budget.
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

/** docs/product/screens.md#settings. */
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

function FieldPlaceholder() {
  return (
    <div className="max-w-xl space-y-2" aria-hidden="true">
      <Skeleton className="h-4 w-12" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-4 w-72 max-w-full" />
    </div>
  );
}
