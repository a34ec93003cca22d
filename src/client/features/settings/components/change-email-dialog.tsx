import { zodResolver } from '@hookform/resolvers/zod';
import { useIsMutating } from '@tanstack/react-query';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useDiscardGuard,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError, isSessionEnded } from '@/lib/api-client';
import { newEmailField } from '../../../../shared/schemas/auth.ts';
import { changeEmailMutationKey, useChangeEmail, useCheckEmailExists } from '../api/change-email';
import { ConfirmCodeStep, FinalStep } from './change-email-steps';

/** docs/product/screens.md#messages. */
export const EMAIL_TAKEN =
  'This email is already registered. Please log into that account and change the email address there first.';
const CHECK_FAILED = 'Failed to verify email availability. Please try again.';
const CHANGE_FAILED = 'Failed to change email address. Please try again.';
const SAME_EMAIL = 'New email must be different from current email';

type Step = 'input' | 'confirm-code' | 'final-confirmation';
const stepNumber: Record<Step, number> = { input: 1, 'confirm-code': 2, 'final-confirmation': 3 };

/** docs/product/screens.md#form-rules. */
function newConfirmationCode(): string {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return String(100_000 + (value % 900_000));
}

const refused = (title: string, description: string) =>
  void toast({ title, description, variant: 'destructive' });

type ChangeEmailDialogProps = {
  currentEmail: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
};

/**
 * docs/product/screens.md#change-e-mail. The steps live inside the content, which unmounts on
 * close, so every opening starts afresh.
 */
export function ChangeEmailDialog(props: ChangeEmailDialogProps) {
  const { currentEmail, open, onOpenChange, returnFocusTo } = props;
  const busy = useIsMutating({ mutationKey: changeEmailMutationKey }) > 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
    >
      <DialogContent
        className="sm:max-w-md"
        closeDisabled={busy}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <ChangeEmailFlow currentEmail={currentEmail} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ChangeEmailFlow({ currentEmail, onDone }: { currentEmail: string; onDone: () => void }) {
  const [step, setStep] = useState<Step>('input');
  const [newEmail, setNewEmail] = useState('');
  const [code, setCode] = useState('');
  const check = useCheckEmailExists();
  const change = useChangeEmail();

  function checkAddress(email: string) {
    check.mutate(email, {
      onSuccess: ({ exists }) => {
        if (exists) return refused('Email already registered', EMAIL_TAKEN);
        setNewEmail(email);
        setCode(newConfirmationCode());
        setStep('confirm-code');
      },
      onError: (error) => {
        if (!isSessionEnded(error)) refused('Error', CHECK_FAILED);
      },
    });
  }

  function submitChange() {
    change.mutate(
      { newEmail },
      {
        onSuccess: ({ message }) => {
          toast({ title: 'Check your new inbox', description: message, variant: 'success' });
          onDone();
        },
        onError: (error) => {
          if (isSessionEnded(error)) return;
          const taken = error instanceof ApiError && error.code === 'email_taken';
          if (taken) setStep('input');
          refused('Email not changed', taken ? error.serverMessage : CHANGE_FAILED);
        },
      },
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Change Email</DialogTitle>
        <DialogDescription>Step {stepNumber[step]} of 3</DialogDescription>
      </DialogHeader>
      {step === 'input' ? (
        <InputStep
          currentEmail={currentEmail}
          defaultEmail={newEmail}
          checking={check.isPending}
          onSubmit={checkAddress}
        />
      ) : null}
      {step === 'confirm-code' ? (
        <ConfirmCodeStep
          code={code}
          onConfirmed={() => setStep('final-confirmation')}
          onBack={() => setStep('input')}
        />
      ) : null}
      {step === 'final-confirmation' ? (
        <FinalStep
          currentEmail={currentEmail}
          newEmail={newEmail}
          sending={change.isPending}
          onConfirm={submitChange}
          onBack={() => setStep('confirm-code')}
        />
      ) : null}
    </>
  );
}

type InputStepProps = {
  currentEmail: string;
  defaultEmail: string;
  checking: boolean;
  onSubmit: (email: string) => void;
};

function InputStep({ currentEmail, defaultEmail, checking, onSubmit }: InputStepProps) {
  const schema = useMemo(
    () =>
      z.object({
        newEmail: newEmailField.refine(
          (email) => email !== currentEmail.trim().toLowerCase(),
          SAME_EMAIL,
        ),
      }),
    [currentEmail],
  );
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { newEmail: defaultEmail },
  });
  const error = form.formState.errors.newEmail?.message;
  useDiscardGuard(form.formState.isDirty || defaultEmail !== '');
  useEffect(() => form.setFocus('newEmail'), [form]);

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit(({ newEmail }) => {
        if (!checking) onSubmit(newEmail);
      })}
    >
      <div className="space-y-1 text-sm">
        <p className="text-muted-foreground">Current email</p>
        <p className="font-medium [overflow-wrap:anywhere]">{currentEmail}</p>
      </div>
      <Field id="change-email-new" label="New email address" error={error}>
        <Input
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...form.register('newEmail')}
        />
      </Field>
      <DialogFooter>
        <Button type="submit" loading={checking}>
          {checking ? 'Checking...' : 'Continue'}
        </Button>
      </DialogFooter>
    </form>
  );
}
