import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { regexes } from 'zod/v4/core';
import { loginBodySchema, registerBodySchema } from '../../../shared/schemas/auth.ts';
import { type Checked, checkLogin, checkRegister, EMAIL_PATTERN } from './auth-form-rules';

/** What a form shows for a zod result: the first message per field, or the parsed values. */
function asForm<T>(result: z.ZodSafeParseResult<T>): Checked<string, T> {
  if (result.success) return { ok: true, values: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { ok: false, errors };
}

/** Without the values of a failed check: the form only shows its messages then. */
const shown = <T>(checked: Checked<string, T>) =>
  checked.ok ? checked : { errors: checked.errors };

const letters = fc.constantFrom('a', 'Z', '0', '.', '-', '_', "'", '+', '@', ' ', '\t', 'é', '!');
const text = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ unit: letters, maxLength }),
    fc.string({ unit: letters, minLength: maxLength - 3, maxLength: maxLength + 3 }),
  );
const email = fc.oneof(
  text(20),
  text(254),
  fc.emailAddress(),
  fc.emailAddress().map((address) => ` ${address.toUpperCase()} `),
  // Valid addresses of 250 to 258 characters, around the 254 limit, some with spaces around.
  fc.tuple(fc.integer({ min: 250, max: 258 }), fc.boolean()).map(([length, padded]) => {
    const address = `${'a'.repeat(length - 12)}@example.com`;
    return padded ? `  ${address} ` : address;
  }),
);
const password = fc.oneof(text(10), text(128), text(1024));

describe('the sign-in and sign-up rules the first pages check', () => {
  it('answer exactly as loginBodySchema does, message for message', () => {
    fc.assert(
      fc.property(email, password, (emailValue, passwordValue) => {
        const raw = { email: emailValue, password: passwordValue };
        expect(shown(checkLogin(raw))).toEqual(shown(asForm(loginBodySchema.safeParse(raw))));
      }),
      { numRuns: 400 },
    );
  });

  it('answer exactly as registerBodySchema does, message for message', () => {
    const confirm = fc.oneof(password, fc.constant(null));
    fc.assert(
      fc.property(
        text(100),
        text(100),
        email,
        password,
        confirm,
        (firstName, lastName, emailValue, passwordValue, confirmValue) => {
          // null: the same password typed twice.
          const raw = {
            firstName,
            lastName,
            email: emailValue,
            password: passwordValue,
            confirmPassword: confirmValue ?? passwordValue,
          };
          expect(shown(checkRegister(raw))).toEqual(
            shown(asForm(registerBodySchema.safeParse(raw))),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it("accept exactly the addresses zod's e-mail pattern accepts", () => {
    fc.assert(
      fc.property(email, (value) => {
        expect(EMAIL_PATTERN.test(value)).toBe(regexes.email.test(value));
      }),
      { numRuns: 1000 },
    );
  });

  it('trim and lower-case the address as the server reads it', () => {
    expect(checkLogin({ email: ' Sam@Example.COM ', password: 'x' })).toEqual({
      ok: true,
      values: { email: 'sam@example.com', password: 'x' },
    });
  });

  it('say the passwords differ even when another field is wrong too', () => {
    const checked = checkRegister({
      firstName: '',
      lastName: '',
      email: 'not an address',
      password: 'long enough 1',
      confirmPassword: 'long enough 2',
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        email: 'Please enter a valid email address',
        confirmPassword: "Passwords don't match",
      },
    });
  });
});
