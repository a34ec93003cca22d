import { z } from 'zod';
import { PAYMENT_FILE_TYPES } from '../payment-file.ts';

/**
 * A file the user uploaded (a payment's pay stub, a shift's receipt): what it is, never its
 * bytes (decisions 043 and 046).
 */
export const uploadedFileSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  contentType: z.enum(PAYMENT_FILE_TYPES),
  createdAt: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
