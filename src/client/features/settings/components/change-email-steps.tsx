import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter, useDiscardGuard } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

const CODE_MISMATCH = "The confirmation code you entered doesn't match. Please try again.";

export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

type ConfirmCodeStepProps = { code: string; onConfirmed: () => void; onBack: () => void };

export function ConfirmCodeStep({ code, onConfirmed, onBack }: ConfirmCodeStepProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useFocusOnMount<HTMLInputElement>();
  useDiscardGuard(true);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed === code) {
      onConfirmed();
      return;
    }
    setError(CODE_MISMATCH);
    input.current?.focus();
  }

  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <p id="change-email-code-hint" className="text-muted-foreground text-sm">
        To make sure, type this code into the box below.
      </p>
      <p className="rounded-lg border bg-muted py-3 text-center font-mono font-semibold text-3xl tracking-[0.3em]">
        {code}
      </p>
      <Field id="change-email-code" label="Confirmation code" error={error}>
        <Input
          ref={input}
          aria-describedby="change-email-code-hint"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          className="font-mono tracking-widest"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value.replace(/\D/g, '').slice(0, 6));
            setError(undefined);
          }}
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button type="submit">Continue</Button>
      </DialogFooter>
    </form>
  );
}

type FinalStepProps = {
  currentEmail: string;
  newEmail: string;
  sending: boolean;
  onConfirm: () => void;
  onBack: () => void;
};

export function FinalStep({ currentEmail, newEmail, sending, onConfirm, onBack }: FinalStepProps) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  useDiscardGuard(true);
  return (
    <div className="space-y-4">
      <div className="space-y-2 rounded-lg border border-destructive/50 bg-destructive/10 p-4 text-sm">
        <h3
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 rounded-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <TriangleAlert aria-hidden="true" className="size-4 text-destructive" />
          This change cannot be undone
        </h3>
        <p className="[overflow-wrap:anywhere]">
          We will send a confirmation link to <strong>{newEmail}</strong>. When it is opened, you
          sign in with that address instead of {currentEmail}, and {currentEmail} is told about the
          change.
        </p>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onBack} disabled={sending}>
          Back
        </Button>
        <Button type="button" variant="destructive" loading={sending} onClick={onConfirm}>
          {sending ? 'Sending link...' : 'Confirm Change'}
        </Button>
      </DialogFooter>
    </div>
  );
}
