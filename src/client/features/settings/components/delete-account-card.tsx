import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The way out: deleting the account and everything in it, after one more question. */
export function DeleteAccountCard() {
  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Permanently delete your account and everything in it. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <DeleteAccountDialog>
          <Button variant="destructive">Delete account</Button>
        </DeleteAccountDialog>
      </CardContent>
    </Card>
  );
}
