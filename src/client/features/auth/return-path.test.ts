import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnPath, sessionEndedPath } from './return-path';

describe('the path a sign-in returns to', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeReturnPath('/employers')).toBe('/employers');
    expect(safeReturnPath('/work-logs?employer=2#top')).toBe('/work-logs?employer=2#top');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/employers',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'employers',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });

  it('refuses the sign-in pages themselves, so nobody loops back to them', () => {
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath('/Register')).toBeNull();
    expect(safeReturnPath('/login-help')).toBe('/login-help');
  });

  it('builds the sign-in link, with the note for an ended session', () => {
    expect(loginPath('/employers')).toBe('/login?next=%2Femployers');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('//evil.example')).toBe('/login');
    expect(sessionEndedPath('/settings')).toBe('/login?next=%2Fsettings&reason=session-ended');
    expect(sessionEndedPath()).toBe('/login?reason=session-ended');
  });
});
