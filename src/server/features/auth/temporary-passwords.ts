import { randomInt } from 'node:crypto';
import type { Executor } from '../../db/open.ts';
import {
  claimTemporaryPasswordTry,
  TEMPORARY_PASSWORD_ATTEMPTS,
  voidTemporaryPassword,
} from './password-reset.repository.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';

/** No 0/O, 1/I/L to misread: 31 symbols, about 59 bits in 12. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** With 5 tries and 30 minutes (docs/product/deviations.md#2-temporary-passwords-are-single-use), ~59 bits cannot be guessed. */
export function newTemporaryPassword(): string {
  const pick = () => ALPHABET[randomInt(ALPHABET.length)];
  const group = () => Array.from({ length: GROUP_LENGTH }, pick).join('');
  return Array.from({ length: GROUPS }, group).join('-');
}

/** Case, spaces and hyphens do not matter: typed by hand is as good as copied. */
export const normaliseTemporaryPassword = (typed: string) =>
  typed.replace(/[\s-]+/g, '').toUpperCase();

export const hashTemporaryPassword = (temporaryPassword: string) =>
  hashPassword(normaliseTemporaryPassword(temporaryPassword));

export const verifyTemporaryPassword = (hash: string, typed: string) =>
  verifyPassword(hash, normaliseTemporaryPassword(typed));

export const looksLikeTemporaryPassword = (typed: string) =>
  new RegExp(`^[${ALPHABET}]{${GROUPS * GROUP_LENGTH}}$`).test(normaliseTemporaryPassword(typed));

/** The fifth wrong try voids it; the argon2 work is done either way. */
export async function spendTemporaryPasswordTry(
  db: Executor,
  userId: number,
  typed: string,
  now: Date,
): Promise<string | undefined> {
  const claimed = await claimTemporaryPasswordTry(db, userId, now);
  if (!claimed) {
    await verifyAgainstNothing(typed);
    return undefined;
  }
  if (!(await verifyTemporaryPassword(claimed.hash, typed))) {
    if (claimed.attempts >= TEMPORARY_PASSWORD_ATTEMPTS) {
      await voidTemporaryPassword(db, userId, claimed.hash);
    }
    return undefined;
  }
  return claimed.hash;
}
