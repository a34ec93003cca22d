import { z } from 'zod';
import { isStrictEmail } from './auth.ts';
import { idField } from './common.ts';

// The user's own mailbox: docs/decisions/017-gmail-mailbox-and-admin-passwords.md.

export const gmailAuthUrlResponseSchema = z.object({ authUrl: z.string() });

export const gmailStatusSchema = z.object({
  authorized: z.boolean(),
  needsReauth: z.boolean(),
  email: z.string().nullable(),
  configured: z.boolean(),
});
export type GmailStatus = z.infer<typeof gmailStatusSchema>;

/** Origin-checked on both ends. */
export const GMAIL_POPUP_MESSAGE = 'hourbook:gmail';
export type GmailPopupMessage = {
  type: typeof GMAIL_POPUP_MESSAGE;
  result: 'connected' | 'error';
  error?: string;
};

/** docs/product/screens.md#form-rules: PDF or CSV, under 10 MB. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['application/pdf', 'text/csv'] as const;
export const attachmentMessages = {
  type: { title: 'Invalid File Type', description: 'Please select a PDF or CSV file.' },
  size: { title: 'File Too Large', description: 'Please select a file smaller than 10MB.' },
} as const;

// The client looks for this text: docs/product/screens.md#messages.
export const GMAIL_NOT_AUTHORIZED =
  'Gmail not authorized. Please connect your Gmail account in Settings → Export.';

export const MAX_RECIPIENTS = 10;

export function isOneLine(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

export function parseRecipients(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((a) => a.trim())
    .filter(Boolean);
}

const recipientsField = z
  .string({ error: 'Please enter a recipient' })
  .trim()
  .min(1, 'Please enter a recipient')
  .max(2000, 'Too many recipients')
  .superRefine((text, ctx) => {
    const addresses = parseRecipients(text);
    if (addresses.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Please enter a recipient' });
    } else if (addresses.length > MAX_RECIPIENTS) {
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_RECIPIENTS} recipients` });
    } else {
      const bad = addresses.find((a) => !isStrictEmail(a));
      if (bad !== undefined)
        ctx.addIssue({ code: 'custom', message: `Please enter a valid email address: ${bad}` });
    }
  });

// docs/product/screens.md#timesheet-reports
export const emailDraftFields = {
  to: recipientsField,
  subject: z
    .string({ error: 'Please enter a subject' })
    .trim()
    .min(1, 'Please enter a subject')
    .max(200, 'Subject must be at most 200 characters')
    // A header line: no control characters, so nothing can be smuggled into the MIME headers.
    .refine(isOneLine, 'Subject must be one line of text'),
  body: z
    .string({ error: 'Message must be text' })
    .max(20_000, 'Message must be at most 20,000 characters')
    .default(''),
};

/** A JSON attachment is a generated timesheet by id, never a path. */
export const sendGmailBodySchema = z.object({
  ...emailDraftFields,
  timesheetId: idField('Please choose a generated timesheet to attach').optional(),
  attachmentName: z
    .string({ error: 'Attachment name must be text' })
    .trim()
    .max(200, 'Attachment name must be at most 200 characters')
    .optional(),
});
export type SendGmailBody = z.input<typeof sendGmailBodySchema>;

export const mailSendStatuses = ['queued', 'sent', 'failed', 'unconfirmed'] as const;
export type MailSendStatus = (typeof mailSendStatuses)[number];

/** No answer from Gmail: it may have been sent, so it is never resent by itself. */
export const GMAIL_UNCONFIRMED =
  'Gmail did not confirm this message. Check your Sent folder; send it again?';

export const mailSendSchema = z.object({
  id: z.number().int(),
  status: z.enum(mailSendStatuses),
  to: z.string(),
  subject: z.string(),
  attachmentName: z.string().nullable(),
  timesheetId: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailSend = z.infer<typeof mailSendSchema>;

export const mailSendParamsSchema = z.object({ id: idField('Invalid send id') });

const userEmailField = z
  .string({ error: 'Please enter a user email address' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter a user email address')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

export const adminTemporaryPasswordBodySchema = z.object({ userEmail: userEmailField });
export const adminTemporaryPasswordResponseSchema = z.object({
  userEmail: z.string(),
  temporaryPassword: z.string(),
  expiresAt: z.string(),
});
export type AdminTemporaryPassword = z.infer<typeof adminTemporaryPasswordResponseSchema>;

export const adminSendTemporaryPasswordBodySchema = z.object({
  userEmail: userEmailField,
  temporaryPassword: z
    .string({ error: 'Please generate a temporary password first' })
    .trim()
    .min(1, 'Please generate a temporary password first')
    .max(200, 'Please generate a temporary password first'),
});
