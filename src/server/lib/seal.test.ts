import { describe, expect, it } from 'vitest';
import { seal, unseal } from './seal.ts';

const secret = Buffer.from('a'.repeat(48));

describe('seal', () => {
  it('opens what it sealed, and the sealed text shows nothing of it', () => {
    const sealed = seal(secret, 'mail', 'Your temporary password is K7QM-2XPA-9RTW');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('K7QM');
    expect(unseal(secret, 'mail', sealed)).toBe('Your temporary password is K7QM-2XPA-9RTW');
    expect(seal(secret, 'mail', 'same')).not.toBe(seal(secret, 'mail', 'same'));
  });

  it('opens nothing under another secret, another purpose, or after a change', () => {
    const sealed = seal(secret, 'mail', 'secret text');
    expect(unseal(Buffer.from('b'.repeat(48)), 'mail', sealed)).toBeUndefined();
    expect(unseal(secret, 'notion', sealed)).toBeUndefined();
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(unseal(secret, 'mail', flipped)).toBeUndefined();
    expect(unseal(secret, 'mail', 'v2.abc')).toBeUndefined();
    expect(unseal(secret, 'mail', 'garbage')).toBeUndefined();
  });
});
