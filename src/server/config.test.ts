import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gmailConfig, loadConfig, settingNames } from './config.ts';
import { projectRoot } from './paths.ts';

describe('loadConfig', () => {
  it('fills in the defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      ADMIN_EMAILS: [],
      TRUST_PROXY: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads lists and switches', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com',
      TRUST_PROXY: 'true',
      DATABASE_URL: '',
    });
    expect(config.ADMIN_EMAILS).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('turns Gmail on only with a client id and secret, with Google’s endpoints by default', () => {
    expect(gmailConfig(loadConfig({}))).toBeUndefined();
    expect(gmailConfig(loadConfig({ GMAIL_CLIENT_ID: 'id', GMAIL_CLIENT_SECRET: ' ' }))).toBe(
      undefined,
    );
    expect(gmailConfig(loadConfig({ GMAIL_CLIENT_ID: 'id', GMAIL_CLIENT_SECRET: 's' }))).toEqual({
      clientId: 'id',
      clientSecret: 's',
      issuer: 'https://accounts.google.com',
      authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenEndpoint: 'https://oauth2.googleapis.com/token',
      revocationEndpoint: 'https://oauth2.googleapis.com/revoke',
      apiUrl: 'https://gmail.googleapis.com',
    });
    const local = loadConfig({
      GMAIL_CLIENT_ID: 'id',
      GMAIL_CLIENT_SECRET: 's',
      GMAIL_API_URL: 'http://127.0.0.1:9000/',
    });
    expect(gmailConfig(local)?.apiUrl).toBe('http://127.0.0.1:9000');
    expect(() => loadConfig({ GMAIL_TOKEN_URL: 'not a url' })).toThrow(/GMAIL_TOKEN_URL/);
  });

  it('fails naming every bad key', () => {
    const message = (() => {
      try {
        loadConfig({ PORT: 'eighty', APP_SECRET: 'short', DATABASE_URL: 'not a url' });
        return 'no error';
      } catch (error) {
        return String(error);
      }
    })();
    expect(message).toMatch(/^Error: Invalid configuration:/);
    for (const key of ['PORT', 'APP_SECRET', 'DATABASE_URL'])
      expect(message).toContain(`  ${key}:`);
    expect(message).toContain('APP_SECRET must be at least 32 characters');
  });
});

describe('the settings', () => {
  const serverDir = join(projectRoot, 'src', 'server');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
      return /\.ts$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
    });

  it('each does something: the server reads it beyond declaring it', () => {
    const text = sources(serverDir)
      .map((path) => {
        const code = readFileSync(path, 'utf8');
        // config.ts declares every setting in its schema: only what it does after counts.
        return path.endsWith('/server/config.ts')
          ? code
              .split(/^}\);$/m)
              .slice(1)
              .join('')
          : code;
      })
      .join('\n');
    expect(settingNames.length).toBeGreaterThan(10);
    expect(settingNames.filter((name) => !new RegExp(`\\b${name}\\b`).test(text))).toEqual([]);
  });

  it('.env.example names every setting but NODE_ENV, and no other', () => {
    const example = readFileSync(join(projectRoot, '.env.example'), 'utf8');
    const named = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    // NODE_ENV is Node's own switch (production by default), not one an operator's .env sets.
    const settings = settingNames.filter((name) => name !== 'NODE_ENV');
    expect([...new Set(named)].sort()).toEqual(settings.sort());
  });
});
