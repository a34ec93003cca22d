// The base URL comes from configuration (GMAIL_API_URL), so tests send to a loopback fake.

const SEND_TIMEOUT_MS = 60_000;

/** Reasons (`error.errors[].reason`) a later try can get past. */
const RATE_REASONS = new Set([
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'concurrentLimitExceeded',
  'backendRateLimitExceeded',
]);
/** Quotas that reset with the day: trying again within minutes will not help. */
const DAILY_REASONS = new Set(['dailyLimitExceeded', 'dailyLimitExceededUnreg', 'quotaExceeded']);
/** Gmail's sending limits are per day. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

export class GmailApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reasons: readonly string[] = [],
    readonly retryAfterMs: number | undefined = undefined,
  ) {
    super(message);
    this.name = 'GmailApiError';
  }
  /** Expired early or revoked: refresh and try once more. */
  get unauthorized(): boolean {
    return this.status === 401;
  }
  get rateLimit(): 'daily' | 'rate' | undefined {
    const daily =
      this.reasons.some((r) => DAILY_REASONS.has(r)) ||
      /daily|sending (limit|quota)/i.test(this.message);
    const limited = daily || this.status === 429 || this.reasons.some((r) => RATE_REASONS.has(r));
    if (!limited || (this.status !== 429 && this.status !== 403)) return undefined;
    return daily ? 'daily' : 'rate';
  }
  /** Rate limits and server trouble pass; anything else in 4xx will not change by retrying. */
  get retryable(): boolean {
    return this.rateLimit !== undefined || this.status === 408 || this.status >= 500;
  }
}

/** RFC 9110: whole seconds, or an HTTP date. */
export function retryAfterMs(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

interface GoogleErrorBody {
  error?: { message?: unknown; errors?: { reason?: unknown }[]; status?: unknown } | string;
}

async function apiError(response: Response): Promise<GmailApiError> {
  const text = await response.text().catch(() => '');
  let message = `Gmail answered ${response.status} ${response.statusText}`.trim();
  let reasons: string[] = [];
  try {
    const body = JSON.parse(text) as GoogleErrorBody;
    const error = body.error;
    const said = typeof error === 'string' ? error : error?.message;
    if (typeof said === 'string' && said) message = said.slice(0, 300);
    if (typeof error === 'object' && Array.isArray(error.errors)) {
      reasons = error.errors
        .map((e) => e?.reason)
        .filter((r): r is string => typeof r === 'string');
    }
  } catch {
    // not JSON
  }
  // Gmail's sending limits say when in the message: "… Retry after 2026-11-26T09:14:03.000Z".
  const inMessage = /retry after (\S+)/i.exec(message)?.[1]?.replace(/\.$/, '');
  const wait = retryAfterMs(response.headers.get('retry-after')) ?? retryAfterMs(inMessage);
  return new GmailApiError(response.status, message, reasons, wait);
}

/** No answer after the request went out: Gmail may have the message, so a resend could duplicate it. */
export class GmailNoAnswerError extends Error {
  override name = 'GmailNoAnswerError';
}

/** Failures before a connection carried anything: nothing reached Gmail, a retry is safe. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_HAS_EXPIRED',
]);

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  const visit = (e: unknown, depth: number) => {
    if (!e || typeof e !== 'object' || depth > 4) return;
    const { code, cause, errors } = e as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string') codes.push(code);
    visit(cause, depth + 1);
    if (Array.isArray(errors)) for (const inner of errors) visit(inner, depth + 1);
  };
  visit(error, 0);
  return codes;
}

export function failedBeforeSending(error: unknown): boolean {
  const codes = errorCodes(error);
  return codes.length > 0 && codes.every((code) => NOT_CONNECTED.has(code));
}

export async function sendRawMessage(
  apiUrl: string,
  accessToken: string,
  raw: Buffer,
  signal: AbortSignal,
): Promise<{ id: string | undefined }> {
  signal.throwIfAborted();
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/upload/gmail/v1/users/me/messages/send?uploadType=media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'message/rfc822' },
      body: new Uint8Array(raw),
      signal: AbortSignal.any([signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
    });
  } catch (error) {
    if (failedBeforeSending(error)) throw error;
    const what = error instanceof Error ? (error.cause as Error)?.message || error.message : '';
    throw new GmailNoAnswerError(`Gmail did not answer${what ? ` (${what})` : ''}`, {
      cause: error,
    });
  }
  if (!response.ok) throw await apiError(response);
  const body = (await response.json().catch(() => ({}))) as { id?: unknown };
  return { id: typeof body.id === 'string' ? body.id : undefined };
}
