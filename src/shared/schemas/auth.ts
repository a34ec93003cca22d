import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth-limits.ts';
import { hasNoLineBreak } from './line-breaks.ts';
import { type User, userSchema } from './user.ts';

export { PASSWORD_MAX, PASSWORD_MIN, type User, userSchema };

export const emailField = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

// docs/product/deviations.md#8-passwords-are-8-to-128-characters
export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be less than ${PASSWORD_MAX} characters`);

const nameField = (label: string) =>
  z
    .string()
    .trim()
    .max(100, 'Name must be at most 100 characters')
    .refine(hasNoLineBreak, `${label} must be on one line`);

export const loginBodySchema = z.object({
  email: emailField,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z
  .object({
    firstName: nameField('First name').optional(),
    lastName: nameField('Last name').optional(),
    email: emailField,
    password: newPasswordField,
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password'),
    timeZone: z.string().max(64).optional(),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const checkEmailExistsBodySchema = z.object({ email: emailField });
export const checkEmailExistsResponseSchema = z.object({ exists: z.boolean() });

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const adminStatusResponseSchema = z.object({
  isAdmin: z.boolean(),
  /** In ADMIN_EMAILS: rights come once the address is confirmed by mail. */
  awaitsEmailConfirmation: z.boolean(),
  pendingEmail: z.string().optional(),
});

export const okResponseSchema = z.object({ success: z.literal(true) });

// Whether or not the address has an account: docs/product/screens.md#forgot-password.
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that address, we have e-mailed it a temporary password. It works once, within 30 minutes.';
export const forgotPasswordBodySchema = z.object({ email: emailField });
export const forgotPasswordResponseSchema = z.object({ message: z.string() });

const temporaryPasswordField = z
  .string({ error: 'Please enter the temporary password' })
  .trim()
  .min(1, 'Please enter the temporary password')
  .max(200, 'Invalid temporary password');

export const verifyTemporaryPasswordBodySchema = z.object({
  email: emailField,
  temporaryPassword: temporaryPasswordField,
});
export const resetPasswordBodySchema = z.object({
  email: emailField,
  temporaryPassword: temporaryPasswordField,
  newPassword: newPasswordField,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
export const resetPasswordFormSchema = z
  .object({
    newPassword: newPasswordField,
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export const messageResponseSchema = z.object({ success: z.literal(true), message: z.string() });

// docs/product/screens.md#form-rules
export function isStrictEmail(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at < 1 || at !== address.indexOf('@')) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length > 64 || domain.length > 253) return false;
  if (!/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (/^[.-]|[.-]$|\.\./.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((l) => /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l))) {
    return false;
  }
  return /^[A-Za-z]{2,}$/.test(labels.at(-1) ?? '');
}

/** Stricter than sign-in's, so an address that passes is one the account can always sign in with. */
export const newEmailField = z
  .string({ error: 'Please enter a new email address' })
  .trim()
  .min(1, 'Please enter a new email address')
  .pipe(emailField)
  .refine(isStrictEmail, 'Please enter a valid email address');

export const changeEmailBodySchema = z.object({ newEmail: newEmailField });
export const verifyEmailQuerySchema = z.object({
  token: z
    .string({ error: 'No verification token found in URL' })
    .min(1, 'No verification token found in URL')
    .max(200, 'Verification failed'),
});
export const verifyEmailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  newEmail: z.string(),
  kind: z.enum(['changed', 'confirmed']),
});
