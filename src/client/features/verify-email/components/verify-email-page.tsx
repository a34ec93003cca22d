import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useVerifyEmail, type VerifyEmailState } from '../api/verify-email';

/** docs/product/screens.md#confirm-a-new-e-mail-address: verifying, then success (the new address) or an error. */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  const state = useVerifyEmail(token || null, ({ newEmail, kind }) =>
    toast(
      kind === 'confirmed'
        ? { title: 'Email address confirmed', description: newEmail, variant: 'success' }
        : {
            title: 'Email Changed Successfully',
            description: `Use ${newEmail} to sign in next time.`,
            variant: 'success',
          },
    ),
  );
  return (
    <>
      <PageHeader title="Verify Email" subtitle="Confirm your e-mail address" />
      <Card className="max-w-xl">
        <CardContent className="space-y-6 pt-6">
          {/* Polite live region: the outcome is read out when it replaces "Verifying". */}
          <div aria-live="polite" className="space-y-2">
            <Outcome state={state} />
          </div>
          {state.status === 'verifying' ? null : (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Link href="/settings" className={buttonVariants({ variant: 'outline' })}>
                {state.status === 'error' ? 'Back to Settings' : 'Go to Settings'}
              </Link>
              <Link href="/" className={buttonVariants()}>
                Go to Dashboard
              </Link>
            </div>
          )}
        </CardContent>
      </Card>
    </>
  );
}

function Outcome({ state }: { state: VerifyEmailState }) {
  if (state.status === 'verifying') {
    return (
      <p className="flex items-center gap-3 text-muted-foreground">
        <Spinner label={null} className="size-5 text-primary" />
        Verifying your e-mail address...
      </p>
    );
  }
  if (state.status === 'used') {
    return (
      <>
        <h2 className="flex items-center gap-2 font-semibold text-lg">
          <CircleCheck aria-hidden="true" className="size-5 text-green-600 dark:text-green-400" />
          This link has done its work already
        </h2>
        <p className="[overflow-wrap:anywhere]">{state.message}</p>
      </>
    );
  }
  if (state.status === 'success' && state.kind === 'confirmed') {
    return (
      <>
        <h2 className="flex items-center gap-2 font-semibold text-lg">
          <CircleCheck aria-hidden="true" className="size-5 text-green-600 dark:text-green-400" />
          Your e-mail address is confirmed
        </h2>
        <p className="[overflow-wrap:anywhere]">
          <strong>{state.newEmail}</strong> is proven to be yours. If this server names it as an
          administrator, the Admin tab of Settings is now open to you.
        </p>
      </>
    );
  }
  if (state.status === 'success') {
    return (
      <>
        <h2 className="flex items-center gap-2 font-semibold text-lg">
          <CircleCheck aria-hidden="true" className="size-5 text-green-600 dark:text-green-400" />
          Your e-mail address has been changed
        </h2>
        <p className="[overflow-wrap:anywhere]">
          From now on you sign in with <strong>{state.newEmail}</strong>.
        </p>
      </>
    );
  }
  return (
    <>
      <h2 className="flex items-center gap-2 font-semibold text-lg">
        <CircleAlert aria-hidden="true" className="size-5 text-destructive" />
        Your e-mail address was not changed
      </h2>
      <p>{state.message}</p>
    </>
  );
}

export default VerifyEmailPage;
