/**
 * A sign-in with a right temporary password (an administrator's, or one mailed by Forgot
 * password) answers 'password_change_required': the login page hands the address and the
 * temporary password to the Forgot password page, which starts at "Choose a new password".
 * Kept in memory only, taken once: never in the URL, history state or storage.
 */
export type TemporarySignIn = { email: string; temporaryPassword: string };

let pending: TemporarySignIn | null = null;

export function handOffTemporarySignIn(value: TemporarySignIn): void {
  pending = value;
}

export function takeTemporarySignIn(): TemporarySignIn | null {
  const value = pending;
  pending = null;
  return value;
}
