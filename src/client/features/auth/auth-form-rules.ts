// The server's own schemas check the fields; zod is not in those pages' first chunk (decision 033).
import type { z } from 'zod';
import type { LoginBody, RegisterBody } from '../../../shared/schemas/auth.ts';

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
/** The time zone is added on sending. */
export type RegisterValues = Omit<RegisterBody, 'timeZone'>;

let loading: Promise<typeof import('./auth-schemas')> | undefined;
/** The shared schemas, fetched once; a failed fetch is tried again at the next call. */
export function loadAuthSchemas() {
  loading ??= import('./auth-schemas').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export function firstMessages<F extends string, T>(result: z.ZodSafeParseResult<T>): Checked<F, T> {
  if (result.success) return { ok: true, values: result.data };
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0]) as F] ??= issue.message;
  return { ok: false, errors };
}

export async function checkLogin(
  raw: Record<LoginField, string>,
): Promise<Checked<LoginField, LoginBody>> {
  const { loginBodySchema } = await loadAuthSchemas();
  return firstMessages(loginBodySchema.safeParse(raw));
}

/** registerBodySchema, whose "passwords match" rule runs even when other fields fail. */
export async function checkRegister(
  raw: Record<RegisterField, string>,
): Promise<Checked<RegisterField, RegisterValues>> {
  const { registerBodySchema } = await loadAuthSchemas();
  return firstMessages(registerBodySchema.safeParse(raw));
}
