import { describe, expect, it } from 'vitest';
import { storageKeys } from './storage-keys';
import { applyResolvedTheme, readStoredTheme, resolveTheme, storeTheme } from './theme';

describe('theme storage', () => {
  it('defaults to light when nothing is stored', () => {
    expect(readStoredTheme()).toBe('light');
  });

  it('keeps the choice under the key "theme"', () => {
    storeTheme('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(storageKeys.theme).toBe('theme');
    expect(readStoredTheme()).toBe('dark');
    storeTheme('system');
    expect(readStoredTheme()).toBe('system');
  });

  it('ignores an unknown stored value', () => {
    window.localStorage.setItem('theme', 'purple');
    expect(readStoredTheme()).toBe('light');
  });

  it('resolves system to the colour scheme the device prefers', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('puts the dark class on <html> only for dark', () => {
    applyResolvedTheme('dark');
    expect(document.documentElement).toHaveClass('dark');
    applyResolvedTheme('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
