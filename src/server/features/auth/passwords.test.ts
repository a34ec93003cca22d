import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

/** Made by the former `argon2` package (0.45, argon2id, m=19456, t=2, p=1) before the switch. */
const HASH_FROM_NODE_ARGON2 =
  '$argon2id$v=19$m=19456,p=1,t=2$v/rY5APPy12/ddyvQn/KMg$QGwG+4YD+kneMrZE5LJ7GXmAGoxDAClh45m4vfRbI8g';

describe('password hashes', () => {
  it('verifies a hash stored by the former argon2 package', async () => {
    expect(await verifyPassword(HASH_FROM_NODE_ARGON2, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(HASH_FROM_NODE_ARGON2, 'correct horse battery stapler')).toBe(
      false,
    );
  });

  it('hashes with argon2id, 19 MiB, two passes and one lane', async () => {
    const phc = await hashPassword('a long enough secret');
    expect(phc).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(phc, 'a long enough secret')).toBe(true);
    expect(await verifyPassword(phc, 'another secret')).toBe(false);
  });

  it('answers false, not an error, for a stored value that is not a hash', async () => {
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });
});
