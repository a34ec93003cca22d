/** No zod here: the payment dialog imports it (decision 043). */
export const MAX_PAYMENT_FILE_BYTES = 5 * 1024 * 1024;
export const PAYMENT_FILE_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
] as const;
export type PaymentFileType = (typeof PAYMENT_FILE_TYPES)[number];
/** What the file input offers; the server decides by the file's first bytes, not by this. */
export const PAYMENT_FILE_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.webp,application/pdf,image/png,image/jpeg,image/webp';

export const PAYMENT_FILE_MESSAGES = {
  type: 'Please choose a PDF, PNG, JPEG or WebP file',
  size: 'Please choose a file smaller than 5 MB',
  empty: 'This file is empty. Please choose another one.',
  missing: 'Choose a pay stub or invoice file to upload',
  unreadable: 'The upload could not be read. Please try again.',
  notFound: 'No file is attached to this payment',
} as const;

/** What an upload says, in the words of what is uploaded. */
export type UploadMessages = { [K in keyof typeof PAYMENT_FILE_MESSAGES]: string };

/** A receipt on a shift's expense (decision 046): checked and stored like a pay stub. */
export const RECEIPT_MESSAGES = {
  ...PAYMENT_FILE_MESSAGES,
  missing: 'Choose a receipt to upload',
  notFound: 'No receipt is attached to this work log',
  noExpense: 'A receipt goes with an expense: enter the amount to be paid back first',
} as const satisfies UploadMessages & { noExpense: string };
