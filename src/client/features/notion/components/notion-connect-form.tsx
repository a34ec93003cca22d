import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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

/**
 * The token and the database. The server checks both with Notion: a refused token or a
 * database it cannot see shows under its field, Notion being unreachable above the button.
 */
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
      <div className="space-y-2">
        <Label htmlFor="notion-token">Integration token</Label>
        <PasswordInput
          id="notion-token"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="ntn_…"
          {...fieldErrorProps('notion-token', errors.token?.message)}
          {...form.register('token')}
        />
        <FieldError id="notion-token-error">{errors.token?.message}</FieldError>
      </div>
      <div className="space-y-2">
        <Label htmlFor="notion-database">Database link or ID</Label>
        <Input
          id="notion-database"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="https://www.notion.so/…"
          {...fieldErrorProps('notion-database', errors.database?.message, 'notion-database-hint')}
          {...form.register('database')}
        />
        <p id="notion-database-hint" className="text-muted-foreground text-xs">
          In Notion, open the database as a full page and copy its link (Share → Copy link).
        </p>
        <FieldError id="notion-database-error">{errors.database?.message}</FieldError>
      </div>
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
