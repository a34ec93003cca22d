import { randomInt } from 'node:crypto';
import type { Executor } from '../../db/open.ts';
import {
  claimTemporaryPasswordTry,
  TEMPORARY_PASSWORD_ATTEMPTS,
  voidTemporaryPassword,
} from './password-reset.repository.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';

/** No 0/O, 1/I/L to misread when it is typed from a mail: 31 symbols, about 59 bits in 12. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/**
 * A temporary password as the mail shows it, e.g. `K7QM-2XPA-9RTW`. With 5 attempts allowed
 * and 30 minutes to live (docs/product/deviations.md#2-temporary-passwords-are-single-use), guessing ~59 bits is hopeless.
 */
export function newTemporaryPassword(): string {
  const pick = () => ALPHABET[randomInt(ALPHABET.length)];
  const group = () => Array.from({ length: GROUP_LENGTH }, pick).join('');
  return Array.from({ length: GROUPS }, group).join('-');
}

/**
 * What is hashed and checked: case, spaces and hyphens do not matter, so `k7qm 2xpa 9rtw`
 * typed by hand is as good as the text copied from the mail.
 */
export const normaliseTemporaryPassword = (typed: string) =>
  typed.replace(/[\s-]+/g, '').toUpperCase();

export const hashTemporaryPassword = (temporaryPassword: string) =>
  hashPassword(normaliseTemporaryPassword(temporaryPassword));

export const verifyTemporaryPassword = (hash: string, typed: string) =>
  verifyPassword(hash, normaliseTemporaryPassword(typed));

/** Whether typed text has the shape of a temporary password (12 of its symbols, any spacing). */
export const looksLikeTemporaryPassword = (typed: string) =>
  new RegExp(`^[${ALPHABET}]{${GROUPS * GROUP_LENGTH}}$`).test(normaliseTemporaryPassword(typed));

/**
 * Checks `typed` against the user's live temporary password, spending one of its tries first
 * (the fifth wrong one voids it). Answers the hash that matched, or undefined; the argon2 work
 * is done either way.
 */
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
