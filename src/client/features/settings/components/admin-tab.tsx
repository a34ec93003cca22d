import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AdminCommand } from './admin-command';
import { AdminConfirmCard } from './admin-confirm-card';
import { TabSkeleton } from './settings-states';

// Loaded on first show: the Settings route is near its JavaScript budget (decision 004).
const TemporaryPasswordsCard = lazy(() =>
  import('./admin-temporary-passwords').then((module) => ({
    default: module.TemporaryPasswordsCard,
  })),
);

type Props = {
  awaitsConfirmation?: { email: string } | undefined;
};

/** docs/product/screens.md#settings. */
export function AdminTab({ awaitsConfirmation }: Props = {}) {
  if (awaitsConfirmation) return <AdminConfirmCard email={awaitsConfirmation.email} />;
  return (
    <div className="space-y-6">
      <Suspense fallback={<TabSkeleton />}>
        <TemporaryPasswordsCard />
      </Suspense>
      <Card>
        <CardHeader>
          <CardTitle>Administrators</CardTitle>
          <CardDescription>You are an administrator of this Hourbook.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          <p>
            Administrators are managed on the server:{' '}
            <AdminCommand>npm run admin -- grant EMAIL</AdminCommand> makes someone an administrator
            and <AdminCommand>npm run admin -- revoke EMAIL</AdminCommand> takes it back.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
