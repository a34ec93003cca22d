import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { projectRoot } from './paths.ts';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Hourbook <no-reply@localhost>'),
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: booleanish.default(false),
  WORKER: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  GMAIL_CLIENT_ID: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .optional(),
  GMAIL_CLIENT_SECRET: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .optional(),
  GMAIL_OAUTH_ISSUER: z.url().default('https://accounts.google.com'),
  GMAIL_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GMAIL_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GMAIL_REVOKE_URL: z.url().default('https://oauth2.googleapis.com/revoke'),
  GMAIL_API_URL: z.url().default('https://gmail.googleapis.com'),
  NOTION_API_URL: z.url().default('https://api.notion.com'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
});

export const settingNames = Object.keys(configSchema.shape);

export type Config = z.infer<typeof configSchema> & { dataDir: string; version: string };

// docs/decisions/017-gmail-mailbox-and-admin-passwords.md
export interface GmailConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  revocationEndpoint: string;
  apiUrl: string;
}

export function gmailConfig(config: Config): GmailConfig | undefined {
  if (!config.GMAIL_CLIENT_ID || !config.GMAIL_CLIENT_SECRET) return undefined;
  return {
    clientId: config.GMAIL_CLIENT_ID,
    clientSecret: config.GMAIL_CLIENT_SECRET,
    issuer: config.GMAIL_OAUTH_ISSUER,
    authorizationEndpoint: config.GMAIL_AUTH_URL,
    tokenEndpoint: config.GMAIL_TOKEN_URL,
    revocationEndpoint: config.GMAIL_REVOKE_URL,
    apiUrl: config.GMAIL_API_URL.replace(/\/+$/, ''),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const pkg = JSON.parse(readFileSync(resolve(projectRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return {
    ...parsed.data,
    dataDir: resolve(projectRoot, parsed.data.DATA_DIR),
    version: pkg.version,
  };
}
