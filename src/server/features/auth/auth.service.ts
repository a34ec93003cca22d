import { canonicalTimeZone } from '../../../shared/domain/dates.ts';
import type { LoginBody } from '../../../shared/schemas/auth.ts';
import { DEFAULT_TIME_ZONE } from '../../../shared/schemas/settings.ts';
import type { Db } from '../../db/open.ts';
import { AppError } from '../../errors.ts';
import { clientNetwork } from '../../lib/client-network.ts';
import { hmac, randomToken, safeEqual } from '../../lib/crypto.ts';
import { type RateLimiter, takeTokenOr429 } from '../../lib/rate-limiter.ts';
import { returnTemporaryPasswordTry } from './password-reset.repository.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyAgainstNothing,
  verifyPassword,
} from './passwords.ts';
import { createSession } from './sessions.repository.ts';
import { looksLikeTemporaryPassword, spendTemporaryPasswordTry } from './temporary-passwords.ts';
import { createUser, findUserByEmail, type UserRow } from './users.repository.ts';

/** Failed sign-ins count per address, or per known device. */
export const LIMITS = {
  loginFailures: { perMinute: 5, perHour: 100 },
  loginPerIp: { perMinute: 30, perHour: 300 },
  emailChecksPerUser: { perMinute: 20, perHour: 200 },
  registerPerIp: { perMinute: 10, perHour: 50 },
  // Each one mails a temporary password: few per address, so nobody floods an inbox with them.
  forgotPasswordPerEmail: { perMinute: 2, perHour: 5 },
  forgotPasswordPerIp: { perMinute: 5, perHour: 30 },
  // The 5 tries per temporary password are counted on the user row.
  temporaryPasswordPerIp: { perMinute: 10, perHour: 60 },
  // Each one mails two addresses, one of them any address the user types.
  emailChangesPerUser: { perMinute: 2, perHour: 5 },
} as const;

export interface AuthDeps {
  db: Db;
  limiter: RateLimiter;
  secret: Buffer;
  now?: () => Date;
}

export const PASSWORD_CHANGE_REQUIRED =
  'You signed in with a temporary password. Please choose a new password to finish.';

// OWASP "device cookies": failures on a browser that signed in before count against it, so
// hammering an address cannot lock its owner out of their own browser.
export function deviceCookieFor(secret: Buffer, email: string): string {
  const nonce = randomToken(16);
  return `${nonce}.${hmac(secret, `${email}|${nonce}`)}`;
}

function deviceNonce(secret: Buffer, email: string, cookie: string | undefined) {
  const [nonce, signature] = (cookie ?? '').split('.');
  if (!nonce || !signature) return undefined;
  return safeEqual(signature, hmac(secret, `${email}|${nonce}`)) ? nonce : undefined;
}

export async function login(
  deps: AuthDeps,
  body: LoginBody,
  context: { ip: string; deviceCookie: string | undefined },
): Promise<{ user: UserRow; sessionToken: string }> {
  const ipBucket = `login:ip:${clientNetwork(context.ip)}`;
  await takeTokenOr429(deps.limiter, ipBucket, LIMITS.loginPerIp, {
    minute: 'Too many sign-in attempts from your network. Please wait a minute and try again.',
    hour: 'Too many sign-in attempts from your network. Please try again later.',
  });

  // Every attempt takes a slot before its password is checked, so parallel guesses cannot all
  // slip through; a failure keeps its slot, a success clears the bucket.
  const nonce = deviceNonce(deps.secret, body.email, context.deviceCookie);
  const failBucket = nonce ? `login-fail:device:${nonce}` : `login-fail:email:${body.email}`;
  await takeTokenOr429(deps.limiter, failBucket, LIMITS.loginFailures, {
    minute: 'Too many failed sign-in attempts. Please wait a minute and try again.',
    hour: 'Too many failed sign-in attempts. Please try again later.',
  });

  const user = await findUserByEmail(deps.db, body.email);
  const ok = user
    ? await verifyPassword(user.passwordHash, body.password)
    : await verifyAgainstNothing(body.password);
  if (user && !ok && user.temporaryPasswordHash && looksLikeTemporaryPassword(body.password)) {
    // A temporary password signs nobody in: a right one sends the user to choose a new password.
    const now = deps.now?.() ?? new Date();
    if (await spendTemporaryPasswordTry(deps.db, user.id, body.password, now)) {
      await returnTemporaryPasswordTry(deps.db, user.id, user.temporaryPasswordHash);
      throw new AppError('password_change_required', 403, PASSWORD_CHANGE_REQUIRED);
    }
  }
  if (!user || !ok) throw new AppError('invalid_credentials', 401, 'Invalid email or password');
  await deps.limiter.clear(failBucket);
  return { user, sessionToken: await createSession(deps.db, user.id) };
}

function validTimeZone(zone: string | undefined): string {
  return (zone && canonicalTimeZone(zone)) || DEFAULT_TIME_ZONE;
}

export async function register(
  deps: AuthDeps,
  body: {
    email: string;
    password: string;
    firstName?: string | undefined;
    lastName?: string | undefined;
    timeZone?: string | undefined;
  },
  context: { ip: string },
): Promise<{ user: UserRow; sessionToken: string }> {
  if (isCommonPassword(body.password)) {
    throw new AppError('validation_failed', 400, COMMON_PASSWORD_MESSAGE, {
      password: COMMON_PASSWORD_MESSAGE,
    });
  }
  await takeTokenOr429(
    deps.limiter,
    `register:ip:${clientNetwork(context.ip)}`,
    LIMITS.registerPerIp,
    {
      minute: 'Too many sign-ups from your network. Please wait a minute and try again.',
      hour: 'Too many sign-ups from your network. Please try again later.',
    },
  );
  const user = await createUser(deps.db, {
    email: body.email,
    passwordHash: await hashPassword(body.password),
    firstName: body.firstName,
    lastName: body.lastName,
    timeZone: validTimeZone(body.timeZone),
  });
  if (!user) {
    throw new AppError(
      'email_taken',
      409,
      'An account with this email already exists. Please sign in instead.',
    );
  }
  return { user, sessionToken: await createSession(deps.db, user.id) };
}

/** Signed-in only and counted per user, so it cannot be used to harvest addresses. */
export async function emailExists(deps: AuthDeps, userId: number, email: string): Promise<boolean> {
  await takeTokenOr429(deps.limiter, `check-email:user:${userId}`, LIMITS.emailChecksPerUser, {
    minute: 'Too many checks. Please wait a minute and try again.',
    hour: 'Too many checks. Please try again later.',
  });
  return Boolean(await findUserByEmail(deps.db, email));
}
