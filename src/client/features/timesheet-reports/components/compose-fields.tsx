import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
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
      <Field
        id="compose-to"
        label="To"
        required
        hint={`Separate up to ${MAX_RECIPIENTS} addresses with commas.`}
        error={errors.to?.message}
      >
        <Input inputMode="email" autoComplete="email" {...register('to')} />
      </Field>
      <Field id="compose-subject" label="Subject" required error={errors.subject?.message}>
        <Input {...register('subject')} />
      </Field>
      <Field id="compose-body" label="Message" error={errors.body?.message}>
        <Textarea rows={8} {...register('body')} />
      </Field>
    </>
  );
}
