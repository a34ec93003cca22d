import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';

/** How long the button says 'Copied'. */
const COPIED_MS = 2000;

/** The read-only Account ID and a button that copies it (SPEC.md §2). */
export function AccountIdField({ accountId }: { accountId: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      // Missing outside a secure context (plain http on another host): that is a failure too.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(accountId);
    } catch {
      toast({ title: 'Error', description: 'Could not copy to clipboard', variant: 'destructive' });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }

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
          onClick={() => void copy()}
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
