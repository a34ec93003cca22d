import { describe, expect, it } from 'vitest';
import { loginBodySchema, registerBodySchema } from '../../../shared/schemas/auth.ts';
import { checkLogin, checkRegister, firstMessages, loadAuthSchemas } from './auth-form-rules';

const registration = {
  firstName: '',
  lastName: '',
  email: 'sam@example.com',
  password: 'long enough 1',
  confirmPassword: 'long enough 1',
};

describe('the sign-in and sign-up rules the first pages check', () => {
  it("are the server's own schemas, not a copy", async () => {
    const schemas = await loadAuthSchemas();
    expect(schemas.loginBodySchema).toBe(loginBodySchema);
    expect(schemas.registerBodySchema).toBe(registerBodySchema);
  });

  it('trim and lower-case the address as the server reads it', async () => {
    expect(await checkLogin({ email: ' Sam@Example.COM ', password: 'x' })).toEqual({
      ok: true,
      values: { email: 'sam@example.com', password: 'x' },
    });
  });

  it('say the passwords differ even when another field is wrong too', async () => {
    const checked = await checkRegister({
      ...registration,
      email: 'not an address',
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

  it('refuse a name on two lines, as the server does', async () => {
    expect(await checkRegister({ ...registration, firstName: 'Sam\nSmith' })).toEqual({
      ok: false,
      errors: { firstName: 'First name must be on one line' },
    });
  });

  it('show the first message of each field only', () => {
    expect(
      firstMessages(loginBodySchema.safeParse({ email: 'a'.repeat(300), password: '' })),
    ).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address', password: 'Password is required' },
    });
  });
});
