import { loadConfig } from '../config.ts';
import { runMigrations } from '../db/migrate.ts';
import { connect } from '../db/open.ts';
import { loadAppSecret } from '../lib/app-secret.ts';
import { createLogger } from '../lib/logger.ts';
import { startJobWorker } from './job-handlers.ts';
import { servicesFromConfig } from './services.ts';

async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    // The embedded database belongs to the one server process on DATA_DIR, worker included.
    throw new Error(
      'npm run worker needs DATABASE_URL: with the embedded database, the server runs the jobs itself.',
    );
  }
  const log = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const database = connect(config.DATABASE_URL, 'external');
  await runMigrations(database.pool);
  const secret = loadAppSecret(config.APP_SECRET, config.dataDir, { info: (m) => log.info(m) });
  const services = servicesFromConfig(config, { db: database.db, secret, log }, { runsJobs: true });
  const worker = startJobWorker(services, { database, log });
  log.info(`Hourbook ${config.version} job worker ${worker.id} is running`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping the job worker`);
    await worker.stop().catch((err) => log.error({ err }, 'stopping the job worker failed'));
    await services.close().catch((err) => log.error({ err }, 'closing the services failed'));
    await database.close().catch((err) => log.error({ err }, 'closing the database failed'));
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
