// The sign-in and sign-up rules of src/shared/schemas/auth.ts, checked without zod's runtime:
// those two pages load first and must stay small (docs/decisions/020). auth-form-rules.test.ts
// proves these answer exactly as loginBodySchema and registerBodySchema do, message for message.
import type { LoginBody } from '../../../shared/schemas/auth.ts';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;
export type Checked<F extends string, T> =
  | { ok: true; values: T }
  | { ok: false; errors: FieldErrors<F> };

export const loginFields = ['email', 'password'] as const;
export type LoginField = (typeof loginFields)[number];

export const registerFields = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
] as const;
export type RegisterField = (typeof registerFields)[number];
/** What the sign-up form sends once its fields are valid (the time zone is added on sending). */
export type RegisterValues = Record<RegisterField, string>;

const INVALID_EMAIL = 'Please enter a valid email address';
/**
 * The pattern of zod's z.email() (`regexes.email` in zod/v4/core/regexes.js), written out:
 * importing it would split zod's regexes into a chunk of their own, which every page that
 * loads the schemas would then fetch separately.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const PASSWORD_REQUIRED = 'Password is required';

/** emailField: trimmed, lower-cased, at most 254 characters, zod's e-mail pattern. */
function checkEmail(raw: string): { value: string; error?: string } {
  const value = raw.trim().toLowerCase();
  const valid = value.length <= 254 && EMAIL_PATTERN.test(value);
  return valid ? { value } : { value: '', error: INVALID_EMAIL };
}

/** The first problem of each field, as the form shows it; none means the values are good. */
function settle<F extends string, T>(errors: FieldErrors<F>, values: T): Checked<F, T> {
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}

/** loginBodySchema. */
export function checkLogin(raw: Record<LoginField, string>): Checked<LoginField, LoginBody> {
  const errors: FieldErrors<LoginField> = {};
  const email = checkEmail(raw.email);
  if (email.error) errors.email = email.error;
  if (raw.password.length < 1) errors.password = PASSWORD_REQUIRED;
  else if (raw.password.length > 1024) errors.password = 'Password is too long';
  return settle(errors, { email: email.value, password: raw.password });
}

/** nameField: trimmed, at most 100 characters. */
function checkName(raw: string, errors: FieldErrors<RegisterField>, field: RegisterField) {
  const value = raw.trim();
  if (value.length > 100) errors[field] = 'Name must be at most 100 characters';
  return value;
}

/** registerBodySchema, whose "passwords match" rule runs even when other fields fail. */
export function checkRegister(
  raw: Record<RegisterField, string>,
): Checked<RegisterField, RegisterValues> {
  const errors: FieldErrors<RegisterField> = {};
  const firstName = checkName(raw.firstName, errors, 'firstName');
  const lastName = checkName(raw.lastName, errors, 'lastName');
  const email = checkEmail(raw.email);
  if (email.error) errors.email = email.error;
  if (raw.password.length < 8) errors.password = 'Password must be at least 8 characters';
  else if (raw.password.length > 128) errors.password = 'Password must be less than 128 characters';
  if (raw.confirmPassword.length < 1) errors.confirmPassword = 'Please confirm your password';
  else if (raw.password !== raw.confirmPassword) errors.confirmPassword = "Passwords don't match";
  return settle(errors, {
    firstName,
    lastName,
    email: email.value,
    password: raw.password,
    confirmPassword: raw.confirmPassword,
  });
}
