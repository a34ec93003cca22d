import { describe, expect, it } from 'vitest';
import { formatHours } from './rounding.ts';

describe('formatHours', () => {
  it('shows hours with one decimal', () => {
    expect(formatHours(75)).toBe('7.5');
    expect(formatHours(80)).toBe('8.0');
    expect(formatHours(0)).toBe('0.0');
    expect(formatHours(1234)).toBe('123.4');
  });
});
