import { describe, expect, it } from 'vitest';
import {
  cityOf,
  currencyLabel,
  currencyOptions,
  timeZoneLabel,
  timeZoneOptions,
  withCurrent,
} from './regional-options';

describe('time zone names', () => {
  it('shows New York as Eastern Time with its abbreviation and city', () => {
    expect(timeZoneLabel('America/New_York')).toBe('Eastern Time (ET) — New York');
  });

  it('leaves out a short name that is not an abbreviation', () => {
    expect(timeZoneLabel('Asia/Kolkata')).toBe('India Standard Time — Kolkata');
  });

  it('names the city from the last part of the id', () => {
    expect(cityOf('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });

  it('names UTC by its specific name rather than an offset', () => {
    expect(timeZoneLabel('UTC')).toBe('Coordinated Universal Time — UTC');
  });

  it('lists every zone the runtime knows, New York among them, sorted by name', () => {
    const options = timeZoneOptions();
    expect(options).toHaveLength(Intl.supportedValuesOf('timeZone').length);
    expect(options.find((o) => o.value === 'America/New_York')?.label).toBe(
      'Eastern Time (ET) — New York',
    );
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('currency names', () => {
  it('shows the name and the code', () => {
    expect(currencyLabel('USD')).toBe('US Dollar (USD)');
    expect(currencyLabel('EUR')).toBe('Euro (EUR)');
  });

  it('shows a code it has no name for on its own', () => {
    expect(currencyLabel('ZZZ')).toBe('ZZZ');
  });

  it('lists the currencies the runtime can format', () => {
    expect(currencyOptions().map((o) => o.value)).toContain('JPY');
  });
});

describe('withCurrent', () => {
  it('adds a stored value the list does not have, first', () => {
    const list = [{ value: 'USD', label: 'US Dollar (USD)' }];
    expect(withCurrent(list, 'USD', currencyLabel)).toBe(list);
    expect(withCurrent(list, 'ZZZ', currencyLabel).map((o) => o.value)).toEqual(['ZZZ', 'USD']);
  });
});
