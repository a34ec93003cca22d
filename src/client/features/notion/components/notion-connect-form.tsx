import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { isBusy, SaveButton } from '@/components/ui/save-button';
import { toast } from '@/components/ui/use-toast';
import { PasswordInput } from '@/features/auth';
import { isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { sameNames, showServerFieldErrors } from '@/lib/form-errors';
import { type SaveTimings, useSaveState } from '@/lib/use-save-state';
import { type NotionStatus, notionConnectBodySchema } from '../../../../shared/schemas/notion.ts';
import { useConnectNotion } from '../api/notion-actions';

export const CONNECT_FAILED = 'Failed to connect Notion. Please try again.';
/** The form goes away once connected, so only "Try Again" has a timing that shows. */
export const connectTimings = { errorResetMs: 3000, closeAfterMs: 0 } satisfies SaveTimings;
const fields = sameNames(['token', 'database'] as const);

function connectedToast(status: NotionStatus) {
  const next =
    status.missingProperties.length > 0
      ? ' Add the missing properties to start copying your work logs.'
      : status.pending > 0
        ? ' Your work logs are being copied in the background.'
        : '';
  toast({
    title: 'Notion Connected',
    description: `Connected to ${status.databaseTitle || 'your Notion database'}.${next}`,
    variant: 'success',
  });
}

type NotionConnectFormProps = {
  /** Reconnecting a connection Notion stopped accepting: its database is filled in. */
  reconnect?: boolean;
  database?: string;
};

/** Notion checks both: a refusal shows under its field, Notion unreachable above the button. */
export function NotionConnectForm({ reconnect = false, database = '' }: NotionConnectFormProps) {
  const save = useSaveState(connectTimings);
  const connect = useConnectNotion();
  const [formError, setFormError] = useState<string>();
  const form = useForm({
    resolver: zodResolver(notionConnectBodySchema),
    defaultValues: { token: '', database },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    save.start();
    setFormError(undefined);
    try {
      connectedToast(await connect.mutateAsync(body));
      save.succeed();
    } catch (error) {
      save.fail();
      if (isSessionEnded(error)) return;
      if (!showServerFieldErrors(form.setError, error, fields))
        setFormError(errorMessage(error, CONNECT_FAILED));
    }
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (isBusy(save.state)) event.preventDefault();
    else void submit(event);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
      <Field id="notion-token" label="Integration token" error={errors.token?.message}>
        <PasswordInput
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="ntn_…"
          {...form.register('token')}
        />
      </Field>
      <Field
        id="notion-database"
        label="Database link or ID"
        hint="In Notion, open the database as a full page and copy its link (Share → Copy link)."
        error={errors.database?.message}
      >
        <Input
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="https://www.notion.so/…"
          {...form.register('database')}
        />
      </Field>
      <FormAlert>{formError}</FormAlert>
      <SaveButton
        state={save.state}
        labels={{
          idle: reconnect ? 'Reconnect Notion' : 'Connect Notion',
          saving: 'Connecting...',
          saved: 'Connected',
        }}
      />
    </form>
  );
}
