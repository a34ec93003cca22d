import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  useDiscardGuard,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useGmailStatus } from '@/features/mail-account';
import { ComposeAttachment } from './compose-attachment';
import {
  ComposeFields,
  type DraftFields,
  type DraftForm,
  type DraftValues,
  draftSchema,
} from './compose-fields';
import { ComposeSendNotice } from './compose-send-notice';
import { reportFileName } from './report-download';
import type { EmailDraft, EmailTarget } from './report-email';
import { reportDescription } from './report-generated-dialog';
import { useSendReportEmail } from './use-send-report-email';

const resolver = zodResolver(draftSchema) as Resolver<DraftFields, unknown, DraftValues>;
const formFields = ['to', 'subject', 'body'] as const;

type ComposeEmailDialogProps = {
  open: boolean;
  target: EmailTarget;
  draft: EmailDraft;
  /** Back to the choice of method, keeping what was written. */
  onBack: (draft: EmailDraft) => void;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
};

export function ComposeEmailDialog({ open, onClose, ...props }: ComposeEmailDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {/* Mounted only while open: each opening starts from the draft it is given. */}
      {open ? <ComposeEmailContent {...props} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ComposeEmailContent({
  target,
  draft,
  onBack,
  onClose,
  onCloseAutoFocus,
}: Omit<ComposeEmailDialogProps, 'open'>) {
  const formId = useId();
  const gmail = useGmailStatus().data;
  const form: DraftForm = useForm<DraftFields, unknown, DraftValues>({
    resolver,
    defaultValues: { to: draft.to, subject: draft.subject, body: draft.body },
  });
  const [file, setFile] = useState(draft.file);
  const [attachmentError, setAttachmentError] = useState<string>();
  const [to, subject] = useWatch({ control: form.control, name: ['to', 'subject'] });
  // docs/product/screens.md#form-rules: sending needs a recipient and a subject.
  const ready = to.trim() !== '' && subject.trim() !== '';

  const sender = useSendReportEmail({
    onSent: onClose,
    onFieldErrors: (errors) => {
      let shown = false;
      for (const name of formFields) {
        const message = errors[name];
        if (!message) continue;
        form.setError(name, { type: 'server', message }, { shouldFocus: !shown });
        shown = true;
      }
      if (errors.attachment) setAttachmentError(errors.attachment);
      return shown || errors.attachment !== undefined;
    },
  });
  const busy = sender.phase !== 'idle';
  // Closing asks before throwing away edits; once queued, the message is no longer a draft.
  useDiscardGuard(!busy && (form.formState.isDirty || file !== draft.file));
  // While the send is handed over and watched, the dialog stays: its outcome shows here.
  const locked = sender.phase === 'posting' || sender.phase === 'sending';

  const submit = form.handleSubmit((values) => {
    setAttachmentError(undefined);
    const fields = { to: values.to, subject: values.subject, body: values.body };
    void sender.send(
      file
        ? { ...fields, file, attachmentName: file.name }
        : { ...fields, timesheetId: target.timesheet.id },
    );
  });
  const back = () => onBack({ ...form.getValues(), body: form.getValues('body') ?? '', file });

  return (
    <DialogContent closeDisabled={locked} onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>Compose Email</DialogTitle>
        <DialogDescription>{reportDescription(target.timesheet)}</DialogDescription>
      </DialogHeader>
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          if (!ready || busy) event.preventDefault();
          else void submit(event);
        }}
      >
        <fieldset disabled={busy} className="grid min-w-0 gap-4">
          <legend className="sr-only">Email</legend>
          {gmail?.email ? (
            <p className="text-muted-foreground text-sm [overflow-wrap:anywhere]">
              From {gmail.email} (Gmail)
            </p>
          ) : null}
          <ComposeFields form={form} />
          <ComposeAttachment
            reportName={reportFileName(target.timesheet)}
            file={file}
            onFileChange={(next) => {
              setFile(next);
              setAttachmentError(undefined);
            }}
            error={attachmentError}
            disabled={busy}
          />
        </fieldset>
      </form>
      <ComposeSendNotice
        phase={sender.phase}
        problem={sender.problem}
        reason={sender.reason}
        to={to}
        onManual={back}
        onSendAgain={() => void sender.sendAgain()}
      />
      <DialogFooter>
        {/* Once queued the message is out of the user's hands: no way back to send it twice. */}
        {sender.phase === 'queued' ? null : (
          <Button variant="ghost" className="sm:mr-auto" disabled={locked} onClick={back}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
        )}
        {/* Unconfirmed: "Send again" (in the notice) is the way to send it; not a new message. */}
        {sender.phase === 'queued' || (sender.problem === 'unconfirmed' && !busy) ? (
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        ) : (
          <>
            <DialogClose asChild>
              <Button variant="outline" disabled={locked}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="submit"
              form={formId}
              aria-disabled={!ready || busy || undefined}
              aria-describedby={ready ? undefined : `${formId}-needs`}
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            >
              {busy ? <Spinner label={null} className="size-4" /> : <Send aria-hidden="true" />}
              {busy ? 'Sending...' : 'Send Email'}
            </Button>
          </>
        )}
      </DialogFooter>
      {ready ? null : (
        <p id={`${formId}-needs`} className="text-muted-foreground text-xs sm:text-right">
          Add a recipient and a subject to send.
        </p>
      )}
    </DialogContent>
  );
}
