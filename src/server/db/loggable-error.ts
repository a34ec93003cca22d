/** Only query text, codes and messages: a failed query's params and detail hold users' data. */
export interface LoggableError {
  type: string;
  message: string;
  stack?: string | undefined;
  code?: string | undefined;
  constraint?: string | undefined;
  table?: string | undefined;
  query?: string | undefined;
  cause?: LoggableError | undefined;
}

const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '');

export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a non-Error was thrown' };
  const fields = error as Error & Record<string, unknown>;
  const text = (key: string) =>
    typeof fields[key] === 'string' ? (fields[key] as string) : undefined;
  return {
    type: error.name,
    message: withoutParams(error.message),
    stack: error.stack === undefined ? undefined : withoutParams(error.stack),
    code: text('code'),
    constraint: text('constraint'),
    table: text('table'),
    query: text('query'),
    cause:
      error.cause !== undefined && depth < 3 ? loggableError(error.cause, depth + 1) : undefined,
  };
}
