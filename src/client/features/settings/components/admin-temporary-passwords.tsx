import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import {
  gmailStatusQueryKey,
  useGenerateTemporaryPassword,
  useGmailStatus,
  useSendTemporaryPasswordEmail,
} from '@/features/mail-account';
import { ApiError, isSessionEnded } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import {
  type AdminTemporaryPassword,
  adminTemporaryPasswordBodySchema,
} from '../../../../shared/schemas/mail-account.ts';
import { useSettings } from '../api/get-settings';
import { GeneratedPasswords } from './admin-generated-passwords';
import { GmailNotice } from './admin-gmail-notice';
import { toastSendFailure, useTrackedSend } from './admin-send-tracking';

const FIELD_ID = 'admin-user-email';
const GENERATE_FIRST = 'Please generate a temporary password first';

/** Checked as the server checks it. */
function readEmail(text: string): { email: string } | { error: string } {
  const parsed = adminTemporaryPasswordBodySchema.safeParse({ userEmail: text });
  return parsed.success
    ? { email: parsed.data.userEmail }
    : { error: parsed.error.issues[0]?.message ?? 'Please enter a user email address' };
}

/** docs/product/screens.md#settings. */
export function TemporaryPasswordsCard() {
  const queryClient = useQueryClient();
  const status = useGmailStatus({ live: true });
  const { data: settings } = useSettings();
  const generate = useGenerateTemporaryPassword();
  const send = useSendTemporaryPasswordEmail();
  const { sending, retryError, track } = useTrackedSend();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [generated, setGenerated] = useState<AdminTemporaryPassword[]>([]);
  const authorized = status.data?.authorized === true && !status.data.needsReauth;
  const disabled = !authorized || generate.isPending || send.isPending;

  function showFieldError(message: string) {
    setFieldError(message);
    document.getElementById(FIELD_ID)?.focus();
  }

  function onGenerate(event: FormEvent) {
    event.preventDefault();
    if (disabled) return;
    const read = readEmail(text);
    if ('error' in read) return showFieldError(read.error);
    setFieldError(undefined);
    generate.mutate(read.email, {
      onSuccess: (result) =>
        setGenerated((list) => [result, ...list.filter((e) => e.userEmail !== result.userEmail)]),
      onError: (error) => {
        if (isSessionEnded(error)) return;
        // Read the status again so the notice shows and the buttons turn off.
        if (error instanceof ApiError && error.code === 'gmail_not_authorized') {
          void queryClient.invalidateQueries({ queryKey: gmailStatusQueryKey });
        }
        const fieldMessage =
          error instanceof ApiError
            ? (error.errors?.userEmail ?? (error.status === 404 ? error.serverMessage : undefined))
            : undefined;
        if (fieldMessage) setFieldError(fieldMessage);
        toast({
          title: 'Generation Failed',
          description: errorMessage(error, 'The temporary password could not be generated.'),
          variant: 'destructive',
        });
      },
    });
  }

  function onSend() {
    if (disabled) return;
    const read = readEmail(text);
    if ('error' in read) return showFieldError(read.error);
    const entry = generated.find((e) => e.userEmail === read.email);
    if (!entry) return showFieldError(GENERATE_FIRST);
    setFieldError(undefined);
    send.mutate(
      { userEmail: entry.userEmail, temporaryPassword: entry.temporaryPassword },
      {
        onSuccess: (mail) => {
          setGenerated([]);
          track(mail.id, entry.userEmail);
        },
        onError: (error) => toastSendFailure(error, queryClient),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Temporary passwords</CardTitle>
        <CardDescription>
          Generate a temporary password for a user and send it to them by e-mail from your Gmail
          account. It works once, for 30 minutes; a newer one replaces it.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <GmailNotice status={status} />
        <form onSubmit={onGenerate} noValidate className="max-w-xl space-y-4">
          <Field id={FIELD_ID} label="User email" error={fieldError}>
            <Input
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setFieldError(undefined);
              }}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={disabled} loading={generate.isPending}>
              {generate.isPending ? null : <KeyRound aria-hidden="true" />}
              {generate.isPending ? 'Generating...' : 'Generate Temporary Password'}
            </Button>
            <Button variant="outline" disabled={disabled} loading={send.isPending} onClick={onSend}>
              {send.isPending ? null : <Send aria-hidden="true" />}
              {send.isPending ? 'Sending...' : 'Send by Email'}
            </Button>
          </div>
        </form>
        <p role="status" className="text-muted-foreground text-sm empty:hidden">
          {sending
            ? `Sending the temporary password to ${sending.to}…${retryError ? ` Retrying: ${retryError}` : ''}`
            : ''}
        </p>
        <GeneratedPasswords passwords={generated} settings={settings} />
      </CardContent>
    </Card>
  );
}
