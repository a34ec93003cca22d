import type { FastifyBaseLogger } from 'fastify';
import { type Config, type GmailConfig, gmailConfig } from '../config.ts';
import type { Db } from '../db/open.ts';
import { SessionCache } from '../features/auth/session-cache.ts';
import { GmailOAuth } from '../features/gmail/gmail-oauth.ts';
import { NotionApi } from '../features/notion/notion-api.ts';
import { DocumentRenderer } from '../features/timesheets/renderer.ts';
import { RateLimiter } from '../lib/rate-limiter.ts';
import { VersionedResponses } from '../lib/versioned-responses.ts';
import { createMailTransport, type MailTransport } from '../mail/transport.ts';

export interface ServiceOptions {
  db: Db;
  secret: Buffer;
  version: string;
  gmail?: GmailConfig | undefined;
  notionApiUrl?: string | undefined;
  now?: () => Date;
  mail?: MailTransport | undefined;
  sessionCache?: boolean;
}

export interface Services {
  db: Db;
  secret: Buffer;
  now: () => Date;
  limiter: RateLimiter;
  gmail: GmailConfig | undefined;
  gmailOAuth: GmailOAuth | undefined;
  notionApi: NotionApi;
  renderer: DocumentRenderer;
  responses: VersionedResponses;
  sessionCache: SessionCache | undefined;
  mail: MailTransport | undefined;
  close(): Promise<void>;
}

// The one place services are constructed: docs/decisions/030-server-floors.md.
export function buildServices(options: ServiceOptions): Services {
  const { db, secret, gmail, mail } = options;
  const now = options.now ?? (() => new Date());
  const renderer = new DocumentRenderer();
  return {
    db,
    secret,
    now,
    limiter: new RateLimiter(db),
    gmail,
    gmailOAuth: gmail ? new GmailOAuth(gmail) : undefined,
    // The pace is kept in the database: shared by every worker and instance.
    notionApi: new NotionApi(options.notionApiUrl ?? 'https://api.notion.com', { db }),
    renderer,
    responses: new VersionedResponses(db, { release: options.version, now }),
    sessionCache: options.sessionCache === false ? undefined : new SessionCache(),
    mail,
    async close() {
      mail?.close();
      await renderer.close();
    },
  };
}

export function servicesFromConfig(
  config: Config,
  deps: { db: Db; secret: Buffer; log: FastifyBaseLogger },
  { runsJobs }: { runsJobs: boolean },
): Services {
  const mail = runsJobs
    ? createMailTransport({
        smtpUrl: config.SMTP_URL,
        mailFrom: config.MAIL_FROM,
        dataDir: config.dataDir,
        log: deps.log,
      })
    : undefined;
  return buildServices({
    db: deps.db,
    secret: deps.secret,
    version: config.version,
    gmail: gmailConfig(config),
    notionApiUrl: config.NOTION_API_URL,
    mail,
  });
}
