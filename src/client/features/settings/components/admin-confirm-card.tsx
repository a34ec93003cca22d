import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { useConfirmEmail } from '@/features/auth';
import { errorMessage } from '@/lib/error-message';

const FAILED = 'Could not send the link. Please try again.';

/**
 * Admin rights start once the mailed link is opened, so whoever signs up first with an
 * ADMIN_EMAILS address gets nothing without its mailbox.
 */
export function AdminConfirmCard({ email }: { email: string }) {
  const confirm = useConfirmEmail();
  const sent = confirm.isSuccess ? confirm.data.message : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Confirm your address to get administrator rights</CardTitle>
        <CardDescription className="[overflow-wrap:anywhere]">
          This server names {email} as an administrator. The rights start once you open the link we
          mail to that address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          type="button"
          onClick={() => confirm.mutate()}
          disabled={confirm.isPending}
          aria-describedby={sent ? 'admin-confirm-sent' : undefined}
        >
          <MailCheck aria-hidden="true" className="size-4" />
          {confirm.isPending ? 'Sending…' : sent ? 'Send link again' : 'Send link'}
        </Button>
        <div aria-live="polite" id="admin-confirm-sent">
          {sent ? (
            <FormAlert variant="info" className="mt-4">
              {sent}
            </FormAlert>
          ) : null}
        </div>
        {confirm.isError ? (
          <FormAlert className="mt-4">{errorMessage(confirm.error, FAILED)}</FormAlert>
        ) : null}
      </CardContent>
    </Card>
  );
}
