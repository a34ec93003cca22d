import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';

// OWASP's argon2id floor: m = 19 MiB, t = 2, p = 1.
const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a missing account can't be told apart by timing. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('hourbook-timing-equaliser');
  await verifyPassword(await dummyHash, password);
  return false;
}

let common: Set<string> | undefined;
/** True for passwords in a public list of the most common ones (DESIGN.md §7, deviation 8). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a less common password.';
