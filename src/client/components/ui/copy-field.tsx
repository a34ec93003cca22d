import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';

type CopyFieldProps = {
  id: string;
  label: string;
  hint: string;
  value: string;
  /** What is copied, as the button names it: 'Copy Account ID', 'Copied calendar URL'. */
  what: string;
};

/**
 * A read-only value with a Copy button (docs/product/screens.md#messages): the button says
 * 'Copied' for two seconds and a screen reader hears it; a failed copy is a toast.
 */
export function CopyField({ id, label, hint, value, what }: CopyFieldProps) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <div className="min-w-0 max-w-xl space-y-2">
      <Field id={id} label={label} hint={hint}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              value={value}
              readOnly
              className="font-mono"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button
              variant="outline"
              onClick={() => void copy(value)}
              aria-label={copied ? `Copied ${what}` : `Copy ${what}`}
              className="w-28 shrink-0"
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        )}
      </Field>
      <p role="status" className="sr-only">
        {copied ? `${what.charAt(0).toUpperCase()}${what.slice(1)} copied` : ''}
      </p>
    </div>
  );
}
