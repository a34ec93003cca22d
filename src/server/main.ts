import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { runMigrations } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { backfillPayResults } from './db/pay-results.ts';
import { sweepSessions } from './features/auth/sessions.repository.ts';
import type { Worker } from './jobs/worker.ts';
import { loadAppSecret } from './lib/app-secret.ts';
import { createLogger } from './lib/logger.ts';
import { configuredLinkBase, PUBLIC_URL_MISSING_LOG } from './lib/mail-links.ts';
import { startJobWorker } from './ops/job-handlers.ts';
import { type Services, servicesFromConfig } from './ops/services.ts';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

async function main() {
  const config = loadConfig();
  const log = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const database = await openDatabase(
    { databaseUrl: config.DATABASE_URL, dataDir: config.dataDir },
    { info: (m) => log.info(m), warn: (m) => log.warn(m) },
  );
  let closing = false;
  const shutdown = async (signal: string, code = 0) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: shutting down`);
    clearInterval(sweeper);
    // Both before the pool closes; a job still running is left to its lease.
    await Promise.all([
      app?.close().catch((err) => log.error({ err }, 'closing the server failed')),
      worker?.stop().catch((err) => log.error({ err }, 'stopping the job worker failed')),
    ]);
    await services?.close().catch((err) => log.error({ err }, 'closing the services failed'));
    await database.close().catch((err) => log.error({ err }, 'closing the database failed'));
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let worker: Worker | undefined;
  let services: Services | undefined;
  const sweeper = setInterval(() => {
    Promise.all([services?.limiter.sweep(), sweepSessions(database.db)]).catch((err) =>
      log.warn({ err }, 'sweeping expired rows failed'),
    );
  }, SWEEP_EVERY_MS);
  sweeper.unref();

  try {
    await runMigrations(database.pool);
    const filled = await backfillPayResults(database.db);
    if (filled > 0) log.info(`Worked out the stored pay of ${filled} work logs`);
    const secret = loadAppSecret(config.APP_SECRET, config.dataDir, {
      info: (m) => log.info(m),
    });
    services = servicesFromConfig(
      config,
      { db: database.db, secret, log },
      { runsJobs: config.WORKER },
    );
    if (config.WORKER) worker = startJobWorker(services, { database, log });
    app = await buildApp({
      database,
      services,
      secret,
      version: config.version,
      adminEmails: config.ADMIN_EMAILS,
      publicUrl: config.PUBLIC_URL,
      mailLinkUrl: configuredLinkBase(config),
      requirePublicUrl: config.NODE_ENV === 'production',
      smtpConfigured: Boolean(config.SMTP_URL),
      trustProxy: config.TRUST_PROXY,
      logger: log,
    });
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    const linkBase = configuredLinkBase(config);
    if (config.NODE_ENV === 'production' && !linkBase) log.warn(PUBLIC_URL_MISSING_LOG);
    else if (!config.PUBLIC_URL && linkBase) {
      log.info(
        `Links in mail point at ${linkBase}, where this server listens; set PUBLIC_URL if people reach Hourbook at another address.`,
      );
    }
    log.info(`Hourbook ${config.version} is ready at ${address} (database: ${database.mode})`);
  } catch (err) {
    log.fatal({ err }, 'Hourbook could not start');
    await shutdown('startup failure', 1);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
