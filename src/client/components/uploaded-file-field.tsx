import { FileText, X } from 'lucide-react';
import { type Ref, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, Label } from '@/components/ui/field';
import { formatFileSize } from '@/lib/file-size';
import {
  MAX_PAYMENT_FILE_BYTES,
  PAYMENT_FILE_ACCEPT,
  PAYMENT_FILE_MESSAGES,
} from '../../shared/payment-file.ts';
import type { UploadedFile } from '../../shared/schemas/uploaded-file.ts';

/** What saving does with the file: leave it, attach a new one, or remove it. */
export type FileChoice = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

/** Refused before it is sent: empty, or over the limit (the server decides the kind). */
export function checkChosenFile(file: File): string | undefined {
  if (file.size === 0) return PAYMENT_FILE_MESSAGES.empty;
  if (file.size > MAX_PAYMENT_FILE_BYTES) return PAYMENT_FILE_MESSAGES.size;
  return undefined;
}

type UploadedFileFieldProps = {
  /** The input's id; the hint, the file shown and the error take it as their prefix. */
  id: string;
  label: string;
  /** The file saved now, if any. */
  existing: UploadedFile | null;
  /** Where the saved file downloads from, to name it as a link. */
  downloadHref?: string | undefined;
  choice: FileChoice;
  error?: string | undefined;
  onChoose: (choice: FileChoice, error?: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * One optional file (a payment's pay stub, a shift's receipt), shown by name and size with a
 * Remove button; the server decides the kind by its first bytes (decisions 043 and 046).
 */
export function UploadedFileField({
  id: ID,
  label,
  existing,
  downloadHref,
  choice,
  error,
  onChoose,
  ref,
}: UploadedFileFieldProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const shown =
    choice.kind === 'new'
      ? { name: choice.file.name, size: choice.file.size }
      : choice.kind === 'keep'
        ? existing
        : null;
  const describedBy = [`${ID}-hint`, shown ? `${ID}-current` : '', error ? `${ID}-error` : '']
    .filter(Boolean)
    .join(' ');

  const clearInput = () => {
    if (input.current) input.current.value = '';
  };

  return (
    <div className="space-y-2 sm:col-span-2">
      <Label htmlFor={ID}>{label}</Label>
      <p id={`${ID}-hint`} className="text-muted-foreground text-xs">
        Optional. A PDF, PNG, JPEG or WebP file up to 5 MB.
      </p>
      {shown ? (
        <div
          id={`${ID}-current`}
          className="flex items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm"
        >
          <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
            {choice.kind === 'keep' && downloadHref ? (
              <a href={downloadHref} download className="underline underline-offset-4">
                {shown.name}
              </a>
            ) : (
              shown.name
            )}{' '}
            <span className="text-muted-foreground tabular-nums">
              ({formatFileSize(shown.size)})
            </span>
            {choice.kind === 'new' && existing ? (
              <span className="text-muted-foreground"> · replaces {existing.name}</span>
            ) : null}
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Remove ${shown.name}`}
            onClick={() => {
              clearInput();
              // A file just chosen goes back to what was saved; a saved one goes at save.
              onChoose(choice.kind === 'new' ? { kind: 'keep' } : { kind: 'remove' });
            }}
          >
            <X aria-hidden="true" />
            Remove
          </Button>
        </div>
      ) : choice.kind === 'remove' && existing ? (
        <p id={`${ID}-current`} className="flex flex-wrap items-center gap-2 text-sm">
          {existing.name} will be removed when you save.
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={() => onChoose({ kind: 'keep' })}
          >
            Keep it
          </Button>
        </p>
      ) : null}
      <input
        id={ID}
        ref={(el) => {
          input.current = el;
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
        type="file"
        accept={PAYMENT_FILE_ACCEPT}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className="block w-full cursor-pointer rounded-md border border-input bg-background text-sm file:mr-3 file:cursor-pointer file:border-0 file:border-r file:border-input file:bg-muted file:px-3 file:py-2 file:font-medium file:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          const refused = checkChosenFile(file);
          if (refused) {
            clearInput();
            onChoose(choice, refused);
            return;
          }
          onChoose({ kind: 'new', file });
        }}
      />
      <FieldError id={`${ID}-error`} role="alert">
        {error}
      </FieldError>
    </div>
  );
}
