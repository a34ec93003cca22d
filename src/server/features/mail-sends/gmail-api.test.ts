import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  failedBeforeSending,
  GmailApiError,
  GmailNoAnswerError,
  retryAfterMs,
  sendRawMessage,
} from './gmail-api.ts';

describe('Retry-After', () => {
  const now = Date.parse('2026-11-25T18:00:00Z');
  it('reads whole seconds and HTTP dates, never a negative wait, at most a day', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Wed, 25 Nov 2026 18:01:30 GMT', now)).toBe(90_000);
    expect(retryAfterMs('2026-11-25T19:00:00.000Z', now)).toBe(3_600_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 17:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('999999', now)).toBe(24 * 60 * 60 * 1000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe("Gmail's errors", () => {
  it('tells rate limits and daily quotas from refusals', () => {
    const error = (status: number, message: string, ...reasons: string[]) =>
      new GmailApiError(status, message, reasons);
    expect(error(403, 'User Rate Limit Exceeded', 'userRateLimitExceeded').rateLimit).toBe('rate');
    expect(error(403, 'Rate Limit Exceeded', 'rateLimitExceeded').rateLimit).toBe('rate');
    expect(error(429, 'Too many concurrent requests for user').rateLimit).toBe('rate');
    expect(error(403, 'Daily Limit Exceeded', 'dailyLimitExceeded').rateLimit).toBe('daily');
    expect(
      error(403, 'Daily user sending quota exceeded.', 'userRateLimitExceeded').rateLimit,
    ).toBe('daily');
    expect(error(403, 'Insufficient Permission', 'insufficientPermissions').rateLimit).toBe(
      undefined,
    );
    expect(error(403, 'Insufficient Permission', 'insufficientPermissions').retryable).toBe(false);
    expect(error(400, 'Invalid To header', 'invalidArgument').retryable).toBe(false);
    expect(error(503, 'Backend Error', 'backendError').retryable).toBe(true);
    expect(error(403, 'Rate Limit Exceeded', 'rateLimitExceeded').retryable).toBe(true);
  });

  it('counts a refused connection as not sent, and a timeout or a reset as perhaps sent', async () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
        code: 'ECONNREFUSED',
      }),
    });
    expect(failedBeforeSending(refused)).toBe(true);
    expect(failedBeforeSending(new DOMException('The operation timed out.', 'TimeoutError'))).toBe(
      false,
    );
    const reset = new TypeError('fetch failed', {
      cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
    });
    expect(failedBeforeSending(reset)).toBe(false);
  });

  it('a send whose answer never comes (the server holds it) ends as no answer', async () => {
    const server = createServer((req) => {
      req.resume(); // takes the message, never answers
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error('gave up waiting')), 300);
    try {
      await expect(
        sendRawMessage(
          `http://127.0.0.1:${port}`,
          'token',
          Buffer.from('Subject: x\r\n\r\nx'),
          controller.signal,
        ),
      ).rejects.toBeInstanceOf(GmailNoAnswerError);
    } finally {
      clearTimeout(timer);
      server.closeAllConnections();
      server.close();
    }
  });
});
