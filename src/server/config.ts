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
  /** Secret for signing and for encrypting tokens at rest; generated into DATA_DIR when unset. */
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  /** Comma-separated e-mail addresses that are administrators. */
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
  /** The address people reach the app at, e.g. https://hours.example.com (links in mail, origin checks). */
  PUBLIC_URL: optionalUrl,
  /** Trust X-Forwarded-* headers from a reverse proxy in front of the app. */
  TRUST_PROXY: booleanish.default(false),
  REDIS_URL: optionalUrl,
  /** 'off': this server runs no job worker; `npm run worker` processes (or other instances) do. */
  WORKER: z
    .enum(['on', 'off'])
    .default('on')
    .transform((v) => v === 'on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema> & { dataDir: string; version: string };

/** Parses the environment once; throws naming every bad key so the server fails at start. */
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
