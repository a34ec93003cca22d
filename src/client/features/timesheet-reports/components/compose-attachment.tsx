import { FileText, Paperclip, Undo2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { toast } from '@/components/ui/use-toast';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  attachmentMessages,
} from '../../../../shared/schemas/mail-account.ts';

/** What the picker offers; the type check below also knows them by name. */
export const ATTACHMENT_ACCEPT = '.pdf,.csv';

/** The picker's filter can be switched off, and Windows types a CSV 'application/vnd.ms-excel'. */
export function attachmentProblem(file: File): keyof typeof attachmentMessages | null {
  const typed = (ATTACHMENT_TYPES as readonly string[]).includes(file.type);
  if (!typed && !/\.(pdf|csv)$/i.test(file.name)) return 'type';
  if (file.size >= ATTACHMENT_MAX_BYTES) return 'size';
  return null;
}

const sizeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

type ComposeAttachmentProps = {
  /** The generated report's file name, attached unless another file is chosen. */
  reportName: string;
  file: File | null;
  onFileChange: (file: File | null) => void;
  error: string | undefined;
  disabled: boolean;
};

export function ComposeAttachment({
  reportName,
  file,
  onFileChange,
  error,
  disabled,
}: ComposeAttachmentProps) {
  const input = useRef<HTMLInputElement>(null);
  const pick = (chosen: File) => {
    const problem = attachmentProblem(chosen);
    if (problem) {
      toast({ ...attachmentMessages[problem], variant: 'destructive' });
      return;
    }
    onFileChange(chosen);
  };

  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-2 font-medium text-sm leading-none">Attachment</legend>
      <div className="flex items-start gap-3 rounded-lg border bg-muted/50 p-3 text-sm">
        <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="min-w-0">
          <p className="font-medium [overflow-wrap:anywhere]">{file ? file.name : reportName}</p>
          <p className="text-muted-foreground text-xs">
            {file ? `Your file, ${formatSize(file.size)}` : 'The generated report'}
          </p>
        </div>
      </div>
      <input
        ref={input}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        tabIndex={-1}
        aria-hidden="true"
        data-testid="compose-attachment-file"
        className="sr-only"
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          // Cleared, so choosing the same file again still counts as a choice.
          event.currentTarget.value = '';
          if (chosen) pick(chosen);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={disabled}
          aria-describedby={
            error ? 'compose-attachment-hint compose-attachment-error' : 'compose-attachment-hint'
          }
          onClick={() => input.current?.click()}
        >
          <Paperclip aria-hidden="true" />
          Attach a different file
        </Button>
        {file ? (
          <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onFileChange(null)}>
            <Undo2 aria-hidden="true" />
            Attach the report instead
          </Button>
        ) : null}
      </div>
      <p id="compose-attachment-hint" className="text-muted-foreground text-xs">
        A PDF or CSV file under 10MB.
      </p>
      <FieldError id="compose-attachment-error">{error}</FieldError>
    </fieldset>
  );
}
