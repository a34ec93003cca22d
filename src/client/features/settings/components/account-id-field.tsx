import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';

/** The read-only Account ID and a button that copies it (docs/product/screens.md#settings). */
export function AccountIdField({ accountId }: { accountId: string }) {
  const { copied, copy } = useCopyToClipboard();

  return (
    <div className="min-w-0 max-w-xl space-y-2">
      <Field
        id="settings-account-id"
        label="Account ID"
        hint="Quote it when you ask for help with your account."
      >
        {(control) => (
          <div className="flex gap-2">
            <Input {...control} value={accountId} readOnly className="font-mono" />
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
        )}
      </Field>
      <p role="status" className="sr-only">
        {copied ? 'Account ID copied' : ''}
      </p>
    </div>
  );
}
