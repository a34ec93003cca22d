/**
 * A sign-in with a temporary password hands it to the Forgot password page; kept in memory only,
 * taken once: never in the URL, history state or storage.
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
