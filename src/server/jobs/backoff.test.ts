import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, errorSummary, retryDelayMs } from './backoff.ts';

describe('retryDelayMs', () => {
  it('starts at five seconds and doubles after each failed attempt', () => {
    const middle = () => 0.5; // no jitter
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, DEFAULT_BACKOFF, middle))).toEqual([
      5_000, 10_000, 20_000, 40_000,
    ]);
  });

  it('never waits more than an hour, give or take its jitter', () => {
    expect(retryDelayMs(12, DEFAULT_BACKOFF, () => 0.5)).toBe(3_600_000);
    expect(retryDelayMs(1_000, DEFAULT_BACKOFF, () => 1)).toBe(4_320_000);
  });

  it('spreads retries by at most a fifth either way', () => {
    expect(retryDelayMs(1, DEFAULT_BACKOFF, () => 0)).toBe(4_000);
    expect(retryDelayMs(1, DEFAULT_BACKOFF, () => 1)).toBe(6_000);
    for (let i = 0; i < 100; i++) {
      const delay = retryDelayMs(3);
      expect(delay).toBeGreaterThanOrEqual(16_000);
      expect(delay).toBeLessThanOrEqual(24_000);
    }
  });
});

describe('errorSummary', () => {
  it('keeps the error’s name and first line', () => {
    expect(errorSummary(new TypeError('bad thing\n    at somewhere'))).toBe('TypeError: bad thing');
  });

  it('leaves out a failed query’s parameters and names the driver’s error', () => {
    const driver = Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
    const error = new Error('Failed query: select 1 where email = $1\nparams: secret@example.com', {
      cause: driver,
    });
    const summary = errorSummary(error);
    expect(summary).toBe(
      'Error: Failed query: select 1 where email = $1; cause: Error: connection refused',
    );
    expect(summary).not.toContain('secret@example.com');
  });

  it('cuts a long message short', () => {
    const summary = errorSummary(new Error('x'.repeat(2_000)));
    expect(summary).toHaveLength(500);
    expect(summary.endsWith('…')).toBe(true);
  });

  it('says what was thrown when it is not an Error', () => {
    expect(errorSummary('plain text')).toBe('string: a non-Error was thrown');
  });
});
