import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailField = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

/** A new password: 8 to 128 characters of anything (DESIGN.md §7, deviation 8). */
export const newPasswordField = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be less than ${PASSWORD_MAX} characters`);

const nameField = z.string().trim().max(100, 'Name must be at most 100 characters');

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
    firstName: nameField.optional(),
    lastName: nameField.optional(),
    email: emailField,
    password: newPasswordField,
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password'),
    /** The browser's IANA time zone; the server falls back to America/New_York. */
    timeZone: z.string().max(64).optional(),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const checkEmailExistsBodySchema = z.object({ email: emailField });
export const checkEmailExistsResponseSchema = z.object({ exists: z.boolean() });

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  accountId: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const adminStatusResponseSchema = z.object({ isAdmin: z.boolean() });

export const okResponseSchema = z.object({ success: z.literal(true) });
