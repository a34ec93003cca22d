// Drizzle wraps the driver's error in `cause`. https://www.postgresql.org/docs/current/errcodes-appendix.html
function pgError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ('code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        ...('constraint' in e && typeof e.constraint === 'string'
          ? { constraint: e.constraint }
          : {}),
      };
    }
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

export const sqlState = (error: unknown): string | undefined => pgError(error)?.code;

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
}

export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  return pg?.code === '23503' && (!constraint || pg.constraint === constraint);
}

// A query that could not even start (no free connection; the server refuses or drops them):
// it may be tried again a little later, so 503.
const DRIVER_UNAVAILABLE =
  /^(timeout exceeded when trying to connect|Connection terminated unexpectedly|Connection terminated due to connection timeout)$/;
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof Error && DRIVER_UNAVAILABLE.test(e.message)) return true;
    if (
      'code' in e &&
      typeof e.code === 'string' &&
      /^(53300|57P0[123]|08[0-9A-Z]{3})$/.test(e.code)
    ) {
      return true;
    }
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}
