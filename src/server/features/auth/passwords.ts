import { type Algorithm, hash, type Options, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** `Algorithm.Argon2id`: the package's enum is a `const enum`, which isolated modules can't read. */
const ARGON2ID = 2 as Algorithm;

// OWASP's argon2id floor: m = 19 MiB, t = 2, p = 1. Hashes made with the former `argon2`
// package use the same parameters and keep verifying (passwords.test.ts).
const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
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
/** True for passwords in a public list of the most common ones (docs/product/deviations.md#8-passwords-are-8-to-128-characters). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a less common password.';
