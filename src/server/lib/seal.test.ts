import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyId, seal, sealedKeyId, unseal } from './seal.ts';

const secret = Buffer.from('a'.repeat(48));
const other = Buffer.from('b'.repeat(48));

/** A value in the first format (no key id), as rows written before key ids hold it. */
function sealV1(key: Buffer, purpose: string, plain: string): string {
  const derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `hourbook:${purpose}`, 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derived, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

describe('seal', () => {
  it('opens what it sealed, and the sealed text shows nothing of it', () => {
    const sealed = seal(secret, 'mail', 'Your temporary password is K7QM-2XPA-9RTW');
    expect(sealed).toMatch(/^v2\.[\w-]{8}\./);
    expect(sealed).not.toContain('K7QM');
    expect(unseal(secret, 'mail', sealed)).toBe('Your temporary password is K7QM-2XPA-9RTW');
    expect(seal(secret, 'mail', 'same')).not.toBe(seal(secret, 'mail', 'same'));
  });

  it('opens nothing under another secret, another purpose, or after a change', () => {
    const sealed = seal(secret, 'mail', 'secret text');
    expect(unseal(other, 'mail', sealed)).toBeUndefined();
    expect(unseal(secret, 'notion', sealed)).toBeUndefined();
    // The second-to-last character, always changed (a tag byte, whatever the padding bits).
    const changed = sealed.at(-2) === 'A' ? 'B' : 'A';
    const flipped = `${sealed.slice(0, -2)}${changed}${sealed.slice(-1)}`;
    expect(flipped).not.toBe(sealed);
    expect(unseal(secret, 'mail', flipped)).toBeUndefined();
    expect(unseal(secret, 'mail', 'v2.abc')).toBeUndefined();
    expect(unseal(secret, 'mail', 'garbage')).toBeUndefined();
  });

  it('names its secret by a key id, so a rotation finds which secret opens which value', () => {
    expect(keyId(secret)).toMatch(/^[\w-]{8}$/);
    expect(keyId(secret)).not.toBe(keyId(other));
    const old = seal(other, 'gmail-token', 'ya29.token');
    expect(sealedKeyId(old)).toBe(keyId(other));
    // After a rotation: the new secret first, the old one still opens what it sealed.
    expect(unseal([secret, other], 'gmail-token', old)).toBe('ya29.token');
    expect(unseal([secret], 'gmail-token', old)).toBeUndefined();
    // A key id that names one secret is not tried with another.
    const forged = `v2.${keyId(secret)}.${old.split('.')[2]}`;
    expect(unseal([secret, other], 'gmail-token', forged)).toBeUndefined();
  });

  it('still opens values sealed before key ids existed', () => {
    const legacy = sealV1(secret, 'mail-body', 'queued before the upgrade');
    expect(sealedKeyId(legacy)).toBeUndefined();
    expect(unseal(secret, 'mail-body', legacy)).toBe('queued before the upgrade');
    expect(unseal([other, secret], 'mail-body', legacy)).toBe('queued before the upgrade');
    expect(unseal(other, 'mail-body', legacy)).toBeUndefined();
  });
});
