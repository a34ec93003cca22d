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

  it('normalises the path before judging it, and never hands back one that leaves the site', () => {
    const origin = 'https://hours.example.org';
    const nasty = [
      '/.//evil.example',
      '/./\\evil.example',
      '/..//evil.example',
      '/a/..//evil.example',
      '/%2e//evil.example',
      '/%2e%2e//evil.example',
      '//x',
      '///x',
      '/\\x',
      '/\\/x',
      '/.//x',
      '/%2F%2Fx',
      '/%5C%5Cx',
      'https://x',
      'http:/x',
      'javascript:alert(1)',
      '/\tjavascript:alert(1)',
      '/\t/x',
      '/\n/x',
      '/\r\n/x',
      '/.\t//x',
      '/\u00a0//x',
      ' //x',
      '/./login',
      '/%2e/register',
    ];
    for (const candidate of nasty) {
      const kept = safeReturnPath(candidate, origin);
      if (kept === null) continue;
      // Whatever is kept is a plain path that the browser resolves on this site, as it is.
      expect(kept, candidate).toMatch(/^\/(?![/\\])/);
      expect(kept, candidate).not.toMatch(/[\t\r\n\\]/);
      const landed = new URL(kept, origin);
      expect(landed.origin, candidate).toBe(origin);
      expect(`${landed.pathname}${landed.search}${landed.hash}`, candidate).toBe(kept);
      expect(landed.pathname, candidate).not.toMatch(/^\/(login|register)/);
    }
    for (const refused of [
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/.//x',
    ]) {
      expect(safeReturnPath(refused, origin), refused).toBeNull();
    }
    // An ordinary path is kept with its query and hash, dot segments resolved.
    expect(safeReturnPath('/settings/./../employers?x=1#top', origin)).toBe('/employers?x=1#top');
    expect(safeReturnPath('/%2F%2Fx', origin)).toBe('/%2F%2Fx');
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
