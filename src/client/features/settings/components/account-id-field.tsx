import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';

/** The read-only Account ID and a button that copies it (docs/product/screens.md#settings). */
export function AccountIdField({ accountId }: { accountId: string }) {
  const { copied, copy } = useCopyToClipboard();

  return (
    <div className="min-w-0 max-w-xl space-y-2">
      <Label htmlFor="settings-account-id">Account ID</Label>
      <div className="flex gap-2">
        <Input
          id="settings-account-id"
          value={accountId}
          readOnly
          className="font-mono"
          aria-describedby="settings-account-id-hint"
        />
        <Button
          variant="outline"
          onClick={() => void copy(accountId)}
          aria-label={copied ? 'Copied Account ID' : 'Copy Account ID'}
          className="w-28"
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p id="settings-account-id-hint" className="text-muted-foreground text-xs">
        Quote it when you ask for help with your account.
      </p>
      <p role="status" className="sr-only">
        {copied ? 'Account ID copied' : ''}
      </p>
    </div>
  );
}
