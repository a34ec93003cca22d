import { describe, expect, it } from 'vitest';
import { callApi, createTestApp, signUp } from '../test/app.ts';

/** Values refused without a schema message of their own are named in the product's words. */

const ctx = await createTestApp();

describe('validation messages for values a form never sends', () => {
  it('names the field and the kind of value it takes', async () => {
    const who = await signUp(ctx.app);
    const cases: [string, object, string, string][] = [
      [
        '/api/employers',
        { name: 'Acme', hourlyRate: '20', phone: 12345 },
        'phone',
        'Phone must be text',
      ],
      [
        '/api/employers',
        { name: 'Acme', hourlyRate: '20', departments: null },
        'departments',
        'Departments must be a list',
      ],
      [
        '/api/employers',
        { name: 'Acme', hourlyRate: '20', departments: [1] },
        'departments.0',
        'Each item in departments must be text',
      ],
      [
        '/api/employers',
        { name: 'Acme', hourlyRate: '20', taxRate: true },
        'taxRate',
        'Tax rate is not valid',
      ],
    ];
    for (const [url, body, field, message] of cases) {
      const res = await callApi(ctx.app, 'POST', url, who, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect(res.body).not.toMatch(/Invalid input|expected|received/);
    }
  });

  it('keeps a schema’s own message where it has one', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'a@example.com', password: 'a good long passphrase', lastName: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.lastName).toBe('Last name must be text');
    expect(res.json().errors.confirmPassword).toBe('Please confirm your password');
  });

  it('asks for a JSON object when the body is something else', async () => {
    const who = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/employers',
      headers: { cookie: who.cookie, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send the details as a JSON object');
  });
});
