import { describe, expect, it } from 'vitest';
import {
  emailChangeNoticeMail,
  emailChangeVerificationMail,
  temporaryPasswordMail,
  verifyEmailLink,
} from './messages.ts';

const hostileName = '<img src=x onerror=alert(1)>';

describe('instance mail messages', () => {
  it('escapes a hostile name in the HTML part and keeps it verbatim in the text part', () => {
    const mail = temporaryPasswordMail({
      to: 'ann@example.com',
      name: hostileName,
      temporaryPassword: 'Tmp-<&>-pass',
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(mail.html).toContain('Tmp-&lt;&amp;&gt;-pass');
    expect(mail.text).toContain(`Hello ${hostileName},`);
    expect(mail.text).toContain('Tmp-<&>-pass');
  });

  it('escapes a hostile new address in the notice to the old address', () => {
    const mail = emailChangeNoticeMail({
      to: 'old@example.com',
      newEmail: '"><script>alert(1)</script>@evil.test',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@evil.test');
  });

  it('tells the temporary password, that it works once within 30 minutes, and that it can be ignored', () => {
    const mail = temporaryPasswordMail({
      to: 'ann@example.com',
      name: 'Ann',
      temporaryPassword: 'Xk3-p9',
    });
    expect(mail).toMatchObject({
      to: 'ann@example.com',
      subject: 'Your Hourbook temporary password',
    });
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hello Ann,');
      expect(part).toContain('Xk3-p9');
      expect(part).toContain('It works once, within 30 minutes.');
      expect(part).toContain('If you did not ask for this, you can ignore this mail');
    }
  });

  it('greets without a name when there is none', () => {
    const mail = temporaryPasswordMail({ to: 'a@example.com', name: '  ', temporaryPassword: 'x' });
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
  });

  it('links the new address to /verify-email with the token, valid for 24 hours', () => {
    const mail = emailChangeVerificationMail({
      to: 'new@example.com',
      baseUrl: 'https://hours.example.com/',
      token: 'abc_DEF-123',
    });
    const link = 'https://hours.example.com/verify-email?token=abc_DEF-123';
    expect(mail.subject).toBe('Confirm your new Hourbook e-mail address');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain('The link expires in 24 hours.');
    expect(mail.html).toContain('The link expires in 24 hours.');
  });

  it('keeps a base path and encodes a token that is not URL-safe', () => {
    expect(verifyEmailLink('https://example.com/hourbook//', 'a+b/c=')).toBe(
      'https://example.com/hourbook/verify-email?token=a%2Bb%2Fc%3D',
    );
  });

  it('tells the old address about the change without any link or token', () => {
    const mail = emailChangeNoticeMail({
      to: 'old@example.com',
      name: 'Ann',
      newEmail: 'new@example.com',
    });
    expect(mail.to).toBe('old@example.com');
    expect(mail.subject).toBe('Your Hourbook e-mail address is being changed');
    expect(mail.text).toContain('from old@example.com to new@example.com');
    expect(mail.text).not.toMatch(/https?:|token/);
    expect(mail.html).not.toMatch(/https?:|token|<a /);
  });
});
