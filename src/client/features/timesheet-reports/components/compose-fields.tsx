import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { FieldError, fieldErrorProps } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { emailDraftFields, MAX_RECIPIENTS } from '../../../../shared/schemas/mail-account.ts';

/** The written part of the message, checked with the server's own rules. */
export const draftSchema = z.object(emailDraftFields);
export type DraftFields = z.input<typeof draftSchema>;
export type DraftValues = z.output<typeof draftSchema>;
export type DraftForm = UseFormReturn<DraftFields, unknown, DraftValues>;

export function ComposeFields({ form }: { form: DraftForm }) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor="compose-to" required>
          To
        </Label>
        <Input
          id="compose-to"
          inputMode="email"
          autoComplete="email"
          aria-required
          {...register('to')}
          {...fieldErrorProps('compose-to', errors.to?.message, 'compose-to-hint')}
        />
        <p id="compose-to-hint" className="text-muted-foreground text-xs">
          Separate up to {MAX_RECIPIENTS} addresses with commas.
        </p>
        <FieldError id="compose-to-error">{errors.to?.message}</FieldError>
      </div>
      <div className="space-y-2">
        <Label htmlFor="compose-subject" required>
          Subject
        </Label>
        <Input
          id="compose-subject"
          aria-required
          {...register('subject')}
          {...fieldErrorProps('compose-subject', errors.subject?.message)}
        />
        <FieldError id="compose-subject-error">{errors.subject?.message}</FieldError>
      </div>
      <div className="space-y-2">
        <Label htmlFor="compose-body">Message</Label>
        <Textarea
          id="compose-body"
          rows={8}
          {...register('body')}
          {...fieldErrorProps('compose-body', errors.body?.message)}
        />
        <FieldError id="compose-body-error">{errors.body?.message}</FieldError>
      </div>
    </>
  );
}
