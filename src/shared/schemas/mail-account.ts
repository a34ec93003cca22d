import { z } from 'zod';
import { isStrictEmail } from './auth.ts';
import { idField } from './common.ts';

// The user's own mailbox: docs/decisions/017-gmail-mailbox-and-admin-passwords.md.

/** GET /api/auth/gmail: the provider's consent page, opened in a popup. */
export const gmailAuthUrlResponseSchema = z.object({ authUrl: z.string() });

/** GET /api/auth/gmail/status; `configured` is false without a Google OAuth client. */
export const gmailStatusSchema = z.object({
  authorized: z.boolean(),
  needsReauth: z.boolean(),
  email: z.string().nullable(),
  configured: z.boolean(),
});
export type GmailStatus = z.infer<typeof gmailStatusSchema>;

/** Posted by the callback page to its opener (origin-checked on both ends). */
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

/** The error text the client looks for (docs/product/screens.md#messages). */
export const GMAIL_NOT_AUTHORIZED =
  'Gmail not authorized. Please connect your Gmail account in Settings → Export.';

export const MAX_RECIPIENTS = 10;

/** No control characters (line breaks, NUL, DEL): text fit for one header line. */
export function isOneLine(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** Comma- or semicolon-separated addresses, each checked strictly; at most 10. */
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

/** docs/product/screens.md#timesheet-reports: to, subject, body. The send button needs a recipient and a subject. */
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

/** POST /api/send-email-gmail; a JSON attachment is a generated timesheet by id, never a path. */
export const sendGmailBodySchema = z.object({
  ...emailDraftFields,
  timesheetId: idField('Please choose a generated timesheet to attach').optional(),
  /** The attachment's file name as the recipient sees it; the document's own name otherwise. */
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

/** Queued (and retried through an outage) until sent, failed or unconfirmed. */
export const mailSendSchema = z.object({
  id: z.number().int(),
  status: z.enum(mailSendStatuses),
  to: z.string(),
  subject: z.string(),
  attachmentName: z.string().nullable(),
  timesheetId: z.number().int().nullable(),
  /** Why it failed, or the last error of a send still being retried. */
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

/** POST /api/admin/temporary-password: a new temporary password for the user, shown once. */
export const adminTemporaryPasswordBodySchema = z.object({ userEmail: userEmailField });
export const adminTemporaryPasswordResponseSchema = z.object({
  userEmail: z.string(),
  temporaryPassword: z.string(),
  expiresAt: z.string(),
});
export type AdminTemporaryPassword = z.infer<typeof adminTemporaryPasswordResponseSchema>;

/** POST /api/admin/send-temp-password-email: the latest one generated, through the admin's Gmail. */
export const adminSendTemporaryPasswordBodySchema = z.object({
  userEmail: userEmailField,
  temporaryPassword: z
    .string({ error: 'Please generate a temporary password first' })
    .trim()
    .min(1, 'Please generate a temporary password first')
    .max(200, 'Please generate a temporary password first'),
});
